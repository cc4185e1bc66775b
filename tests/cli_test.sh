#!/usr/bin/env bash
# End-to-end checks of the arap command line: outputs, exit codes and error messages.
set -u
arap=$1
root=$2
failures=0
passes=0
check() {  # check NAME CONDITION...
  local name=$1
  shift
  if "$@"; then echo "ok   $name"; passes=$((passes + 1)); else echo "FAIL $name"; failures=$((failures + 1)); fi
}
contains() { grep -q -- "$2" <<<"$1"; }
not_contains() { ! grep -q -- "$2" <<<"$1"; }
# Every temporary file of this script goes in one folder, removed however the script ends.
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
export TMPDIR=$scratch
# Issue 17: the parsed-library cache goes to a fresh folder, so these runs see it cold, then warm.
ARAP_CACHE=$(mktemp -d)
export ARAP_CACHE

out=$("$arap" odds attack --json "$root/examples/bolters_vs_guardsmen.json")
check "attack json exit 0" test $? -eq 0
for field in shots action_points hit_goal p_hit wound_goal p_wound save_goal p_save unsaved_wounds slain mean_slain; do
  check "attack json has $field" contains "$out" "\"$field\""
done
check "attack json mean_slain" contains "$out" '"mean_slain": 3.333333333333'

out=$("$arap" odds attack --json - <"$root/examples/power_fist_charge.json")
check "attack from stdin" contains "$out" '"resolution": "melee"'

out=$("$arap" odds attack "$root/examples/flamer_into_cover.json")
check "attack table" contains "$out" "slain>=k"

err=$(echo '{"attacker": {"skill": 4}, "weapon": "bolter", "range": 10, "modifiers": ["lucky"], "target": {"toughness": 3}}' | "$arap" odds attack --json - 2>&1 >/dev/null)
code=$?
check "unknown modifier exits 2" test "$code" -eq 2
check "unknown modifier names field" contains "$err" "modifiers\[0\]"

err=$(echo '{"attacker": {"skill": 4}, "weapon": "bolter", "range": 10,' | "$arap" odds attack --json - 2>&1 >/dev/null)
check "bad json exits 2" test $? -eq 2
check "bad json says so" contains "$err" "not valid"

err=$(echo '{"attacker": {"skill": 4}, "weapon": "heavy_bolter", "firings": 2, "range": 10, "target": {"toughness": 3}}' | "$arap" odds attack --json - 2>&1 >/dev/null)
check "impossible attack exits 2" test $? -eq 2
check "impossible attack names rule" contains "$err" "SHOOT-06"
check "impossible attack names the field" contains "$err" "<stdin>:1:.*firings"

# Issue 14, item 6: YAML requests name library weapons; misspelt ones get a suggestion; a
# request too large to compute exactly is refused at once, naming its file.
out=$(printf 'attacker: {skill: 4}\nweapon: bolter\nrange: 10\ntarget: {toughness: 3}\n' | "$arap" odds attack -)
check "YAML request names a library weapon" contains "$out" "with Bolter"
err=$(printf 'attacker: {skill: 4}\nweapon: boltr\nrange: 10\ntarget: {toughness: 3}\n' | "$arap" odds attack - 2>&1 >/dev/null)
check "misspelt weapon exits 2" test $? -eq 2
check "misspelt weapon gets a suggestion" contains "$err" 'did you mean "bolter"'
big=$(mktemp --suffix=_too_big.json)
echo '{"attacker": {"models": 1000, "skill": 4}, "weapon": "deathspitter", "range": 10, "firings": 10, "target": {"models": 1000, "toughness": 3, "wounds": 100}}' >"$big"
err=$("$arap" odds attack "$big" 2>&1 >/dev/null)
check "too large a request exits 2" test $? -eq 2
check "too large a request names its file and what to shrink" contains "$err" "_too_big.json: .*fewer models"

out=$("$arap" odds activation --initiative 4 --dice 3 --json)
check "activation json" contains "$out" '"p_bust": 0.2592592592592'
check "activation value" contains "$out" '"value": 4'
out=$("$arap" odds activation -i 4 -n 3 --suppressed)
check "activation table" contains "$out" "Not activated"
"$arap" odds activation -i 4 --pinned --suppressed >/dev/null 2>&1
check "pinned and suppressed exits 2" test $? -eq 2
"$arap" odds activation -i 4 -n 4 >/dev/null 2>&1
check "four dice exits 2" test $? -eq 2

out=$("$arap" odds leadership --ld 8 --modifier -3 --json)
check "leadership target" contains "$out" '"target": 5'
check "leadership p_pass" contains "$out" '"p_pass": 0.2777777777777'

out=$("$arap" odds attack --help)
check "help lists modifiers" contains "$out" "fast_target"
check "help lists melee modifiers" contains "$out" "planting_charges"

out=$("$arap" validate --data "$root/data")
check "validate ok" contains "$out" "ok:"
"$arap" validate --data /nonexistent >/dev/null 2>&1
check "validate missing folder exits 2" test $? -eq 2

for scenario in open_ground ruined_town woods_and_river; do
  svg=$(mktemp --suffix=.svg)
  "$arap" render "$root/data/scenarios/$scenario.yaml" -o "$svg" --data "$root/data" 2>/dev/null
  check "render $scenario" grep -q "<svg" "$svg"
  rm -f "$svg"
done
bad=$(mktemp --suffix=.yaml)
sed 's/^turn_limit: 6$/turn_limit: 6\nrulings: {ruling.SHOOT-18: sometimes}/' "$root/data/scenarios/open_ground.yaml" >"$bad"
err=$("$arap" render "$bad" --data "$root/data" 2>&1 >/dev/null)
check "render bad ruling exits 2" test $? -eq 2
check "render bad ruling names it" contains "$err" "rulings.ruling.SHOOT-18"
# Issue 14: misspelt names of units, armies and weapons get a suggestion with file and line.
sed 's/unit: tactical_squad/unit: tactical_sqaud/' "$root/data/scenarios/open_ground.yaml" >"$bad"
err=$("$arap" render "$bad" --data "$root/data" 2>&1 >/dev/null)
check "misspelt unit exits 2" test $? -eq 2
unit_line=$(grep -n 'unit: tactical_sqaud' "$bad" | head -1 | cut -d: -f1)
check "misspelt unit names line and suggests" contains "$err" ":$unit_line:.*did you mean \"tactical_squad\""
sed 's/army: space_marines/army: space_marine/' "$root/data/scenarios/open_ground.yaml" >"$bad"
err=$("$arap" render "$bad" --data "$root/data" 2>&1 >/dev/null)
check "misspelt army suggests" contains "$err" 'did you mean "space_marines"'
data_copy=$(mktemp -d)
cp -r "$root/data/." "$data_copy/"
sed -i 's/weapons: \[lasgun, frag_grenade\]/weapons: [lasgn, frag_grenade]/' "$data_copy/armies/imperial_guard.yaml"
err=$("$arap" validate --data "$data_copy" 2>&1 >/dev/null)
check "misspelt weapon in an army exits 2" test $? -eq 2
check "misspelt weapon in an army suggests" contains "$err" 'imperial_guard.yaml:.*did you mean "lasgun"'
rm -rf "$data_copy"
# Issue 15: a scenario seat's agent (`ai:`) plays unless --red/--blue name one; a wrong one is
# refused with line and field, by play and by validate.
sed 's/^    army: orks$/    army: orks\n    ai: easy:aggressive/' "$root/data/scenarios/open_ground.yaml" >"$bad"
out=$("$arap" play "$bad" --seed 3 --explain --data "$root/data")
check "a seat's agent plays" contains "$out" "easy:aggressive chooses"
out=$("$arap" play "$bad" --seed 3 --explain --blue greedy --data "$root/data")
check "--blue overrides the seat" not_contains "$out" "easy:aggressive chooses"
sed -i 's/ai: easy:aggressive/ai: eazy/' "$bad"
err=$("$arap" play "$bad" --seed 3 --data "$root/data" 2>&1 >/dev/null)
check "a wrong seat agent exits 2" test $? -eq 2
ai_line=$(grep -n 'ai: eazy' "$bad" | cut -d: -f1)
check "a wrong seat agent names line and field" contains "$err" ":$ai_line:.*sides\[1\]\.ai: unknown agent \"eazy\" (did you mean \"easy\"?)"
err=$("$arap" validate "$bad" --data "$root/data" 2>&1 >/dev/null)
check "validate refuses a wrong seat agent" contains "$err" 'sides\[1\]\.ai'
rm -f "$bad"

out=$("$arap" play "$root/data/scenarios/open_ground.yaml" --seed 3 --data "$root/data")
check "play prints a report" contains "$out" "The battle ends"
game=$(mktemp --suffix=.json)
"$arap" play "$root/data/scenarios/open_ground.yaml" --seed 3 --red random --blue greedy --save "$game" --data "$root/data" >/dev/null
check "play saves a game" contains "$(cat "$game")" '"format": "arap-game-1"'
# Issue 14: a save that cannot be written fails loudly and names the path.
folder=$(mktemp -d)
out=$("$arap" play "$root/data/scenarios/open_ground.yaml" --seed 3 --save "$folder" --data "$root/data" 2>&1 >/dev/null)
check "save to a folder fails" test $? -ne 0
check "save to a folder says so" contains "$out" "that is a folder"
out=$("$arap" play "$root/data/scenarios/open_ground.yaml" --seed 3 --save "$folder/missing/game.json" --data "$root/data" 2>&1 >/dev/null)
check "save to a missing folder fails" test $? -ne 0
check "save to a missing folder names the path" contains "$out" "$folder/missing/game.json"
rmdir "$folder"
# Issue 13: the report tells the two Infantry Squads apart and names every target.
out=$("$arap" play "$root/data/scenarios/ruined_town.yaml" --seed 3 --data "$root/data")
check "report tells same-named units apart" contains "$out" "Infantry Squad 2 (Red, unit 1)"
check "report names the target of fire" contains "$out" " at .*(.*, unit [0-9]*): "
check "report ends with the score explained" contains "$out" "objectives worth [0-9]* held"
out=$("$arap" play "$root/data/scenarios/open_ground.yaml" --seed -1 --data "$root/data" 2>&1 >/dev/null)
check "a negative seed is refused" test $? -ne 0
check "a negative seed says why" contains "$out" "a seed is a whole number"
# Scenario overrides for one game: checked, written into the saved scenario, replayed with it.
ruled=$(mktemp --suffix=.json)
"$arap" play "$root/data/scenarios/open_ground.yaml" --seed 3 --ruling option.look_out_sir=true --ruling ruling.CHARGE-02=always2D6 --save "$ruled" --data "$root/data" >/dev/null
check "play --ruling keeps the option in the save" contains "$(cat "$ruled")" 'look_out_sir: true'
check "play --ruling keeps the ruling in the save" contains "$(cat "$ruled")" 'ruling.CHARGE-02: always2D6'
out=$("$arap" replay "$ruled" --json --data "$root/data")
check "a game with overrides replays" contains "$out" '"digest"'
err=$("$arap" play "$root/data/scenarios/open_ground.yaml" --ruling option.look_out_sirr=true --data "$root/data" 2>&1 >/dev/null)
check "a bad override is refused" test $? -ne 0
check "a bad override names the options" contains "$err" 'unknown option "look_out_sirr".*look_out_sir'
first=$("$arap" replay "$game" --json --data "$root/data")
second=$("$arap" replay "$game" --json --data "$root/data")
check "replay is identical" test "$first" = "$second"
check "replay prints a digest" contains "$first" '"digest"'
# A saved game travels: it carries its scenario and the data's fingerprint.
elsewhere=$(mktemp -d)
cp "$game" "$elsewhere/game.json"
moved=$(cd "$elsewhere" && "$arap" replay game.json --json --data "$root/data")
check "replay from another folder" test "$moved" = "$first"
cp -r "$root/data" "$elsewhere/data"
sed -i 's/strength: 4/strength: 5/' "$elsewhere/data/weapons.yaml"
err=$("$arap" replay "$game" --data "$elsewhere/data" 2>&1 >/dev/null)
check "replay refuses changed data" test $? -eq 2
check "changed data named" contains "$err" "played with other data"
python3 - "$game" "$elsewhere/edited.json" <<'PY'
import json, sys
g = json.load(open(sys.argv[1]))
g["scenario_content"] = g["scenario_content"].replace("turn_limit", "turn_limit ")
json.dump(g, open(sys.argv[2], "w"))
PY
err=$("$arap" replay "$elsewhere/edited.json" --data "$root/data" 2>&1 >/dev/null)
check "replay refuses an edited scenario" contains "$err" "scenario_content does not match"
# The door on the command line: legal actions and a preview after a saved game's actions.
out=$("$arap" legal "$game" --json --data "$root/data")
check "legal lists actions" contains "$out" '"actions"'
check "legal names the pending decision" contains "$out" '"pending"'
partial="$elsewhere/partial.json"
python3 - "$game" "$partial" <<'PY'
import json, sys
g = json.load(open(sys.argv[1]))
g["actions"] = g["actions"][:1]
json.dump(g, open(sys.argv[2], "w"))
PY
out=$("$arap" preview "$partial" --json --action '{"type": "activate", "unit": 1, "dice": 2}' --data "$root/data")
check "preview gives P(bust)" contains "$out" '"p_bust"'
err=$("$arap" preview "$partial" --action '{"type": "activate", "unit": 4, "dice": 2}' --data "$root/data" 2>&1 >/dev/null)
check "preview of a refused action exits 2" test $? -eq 2
check "preview names the rule" contains "$err" "ACT-04"
rm -rf "$elsewhere"
rm -f "$game"
scripted=$(mktemp --suffix=.jsonl)
printf '{"type": "end_phase"}\n{"type": "activate", "unit": 0, "dice": 2}\n' >"$scripted"
err=$("$arap" play "$root/data/scenarios/open_ground.yaml" --actions "$scripted" --data "$root/data" 2>&1 >/dev/null)
check "illegal scripted action exits 2" test $? -eq 2
check "illegal scripted action names the rule" contains "$err" "ACT-0"
check "illegal scripted action names its line" contains "$err" "$scripted:2:"
# Issue 14: the game so far is still reported and saved when a scripted line is illegal.
saved=$(mktemp --suffix=.json)
rm -f "$saved"
out=$("$arap" play "$root/data/scenarios/open_ground.yaml" --actions "$scripted" --save "$saved" --data "$root/data" 2>/dev/null)
check "illegal line still exits 2" test $? -eq 2
check "illegal line still prints the game so far" contains "$out" "Turn 1"
check "illegal line still saves the game so far" test -s "$saved"
replayed=$("$arap" replay "$saved" --json --data "$root/data")
check "the partial save replays its one action" contains "$replayed" '"actions":1'
rm -f "$saved"
# Strict action lines: nonsense is refused with file, line and field (issue 14).
strict_case() {  # strict_case NAME LINE EXPECTED-TEXT
  printf '{"type": "end_phase"}\n%s\n' "$2" >"$scripted"
  err=$("$arap" play "$root/data/scenarios/open_ground.yaml" --actions "$scripted" --data "$root/data" 2>&1 >/dev/null)
  check "$1 exits 2" test $? -eq 2
  check "$1 names line and field" contains "$err" "$scripted:2:"
  check "$1 says why" contains "$err" "$3"
}
strict_case "unit 2^32" '{"type": "activate", "unit": 4294967296, "dice": 2}' "unit: expected a whole number"
strict_case "fractional dice" '{"type": "activate", "unit": 2, "dice": 2.99}' "dice: expected a whole number"
strict_case "misspelt key" '{"type": "activate", "unit": 2, "dcie": 2}' 'did you mean "dice"'
strict_case "misspelt type" '{"type": "activvate", "unit": 2, "dice": 2}' 'did you mean "activate"'
strict_case "duplicate key" '{"type": "activate", "unit": 2, "unit": 3, "dice": 2}' "given twice"
strict_case "non-finite move" '{"type": "move", "unit": 2, "dx": NaN, "dy": 0}' "dx: expected a number"
rm -f "$scripted"
# Strict saved games: a fractional seed, null actions, an unknown format, a duplicate key.
bad=$(mktemp --suffix=.json)
for case in '{"format": "arap-game-1", "scenario": "x.yaml", "seed": 11.9, "actions": []}|seed: expected a whole number' \
            '{"format": "arap-game-1", "scenario": "x.yaml", "seed": 11, "actions": null}|actions: expected a list' \
            '{"format": "arap-game-9", "scenario": "x.yaml", "seed": 11, "actions": []}|unknown saved-game format' \
            '{"format": "arap-game-1", "scenario": "x.yaml", "seed": 11, "seed": 12, "actions": []}|given twice' \
            '{"format": "arap-game-1", "scenario": "x.yaml", "seed": 11, "actoins": []}|did you mean "actions"'; do
  printf '%s\n' "${case%%|*}" >"$bad"
  err=$("$arap" replay "$bad" --data "$root/data" 2>&1 >/dev/null)
  check "saved game refused: ${case##*|}" test $? -eq 2
  check "saved game names the file: ${case##*|}" contains "$err" "$bad:1:"
  check "saved game says why: ${case##*|}" contains "$err" "${case##*|}"
done
rm -f "$bad"
one=$("$arap" sim "$root/data/scenarios/open_ground.yaml" --games 8 --seed 5 --jobs 1 --red random --blue random --data "$root/data")
two=$("$arap" sim "$root/data/scenarios/open_ground.yaml" --games 8 --seed 5 --jobs 2 --red random --blue random --data "$root/data")
check "sim summary independent of jobs" test "$one" = "$two"
check "sim summary has wins" contains "$one" '"wins"'
# Issue 20: shards merged, MPI ranks and GNU parallel all give the unsharded summary, byte for byte.
sweep=$(mktemp -d)
og="$root/data/scenarios/open_ground.yaml"
sim_args=(sim "$og" --games 9 --seed 5 --red random --blue greedy --quiet --data "$root/data")
"$arap" "${sim_args[@]}" --out "$sweep/whole.json" --games-out "$sweep/whole.jsonl"
check "sim --out writes the summary" test "$(cat "$sweep/whole.json")" = "$("$arap" "${sim_args[@]}")"
check "sim --games-out writes a line a game" test "$(wc -l <"$sweep/whole.jsonl")" -eq 9
for shards in 2 3; do
  parts=()
  for ((i = 0; i < shards; i++)); do
    "$arap" "${sim_args[@]}" --shard "$i/$shards" --out "$sweep/part$i.json"
    parts+=("$sweep/part$i.json")
  done
  "$arap" merge "${parts[@]}" --out "$sweep/merged$shards.json" --plot "$sweep/merged.svg"
  check "$shards shards merge to the unsharded summary" cmp -s "$sweep/merged$shards.json" "$sweep/whole.json"
done
check "merge --plot draws the sweep" contains "$(cat "$sweep/merged.svg")" "Open Ground: balance sweep"
err=$("$arap" merge "$sweep/part0.json" "$sweep/part2.json" 2>&1 >/dev/null)
check "merge with a shard missing exits 2" test $? -eq 2
check "merge names the missing shard" contains "$err" "shard 1/3 missing"
err=$("$arap" merge "$sweep/whole.jsonl" 2>&1 >/dev/null)
check "merge of a file that is no partial result exits 2" test $? -eq 2
check "merge names that file" contains "$err" "whole.jsonl: not JSON"
err=$("$arap" "${sim_args[@]}" --shard 3/3 2>&1 >/dev/null)
check "a shard out of range exits 2" test $? -eq 2
check "a shard out of range says how" contains "$err" "0 <= i < N"
err=$("$arap" "${sim_args[@]}" --compare ruling.SHOOT-07=sometimes 2>&1 >/dev/null)
check "a bad --compare ruling exits 2" test $? -eq 2
check "a bad --compare ruling lists the values" contains "$err" "allowed: direct2_indirect3"
out=$("$arap" "${sim_args[@]}" --compare option.busts_allowed=1 --sprt-delta 0)
check "compare of identical settings shows no difference" contains "$out" '"first_side_score": 0.0,'
check "compare reports the SPRT" contains "$out" '"verdict": "undecided"'
if command -v parallel >/dev/null; then
  # docs/sweeps.md's GNU parallel recipe, for real.
  parallel -j 2 "$arap" "${sim_args[@]}" --shard {}/3 --out "$sweep/gnu{}.json" ::: 0 1 2
  "$arap" merge "$sweep"/gnu{0,1,2}.json --out "$sweep/gnu.json"
  check "GNU parallel shards merge to the unsharded summary" cmp -s "$sweep/gnu.json" "$sweep/whole.json"
else
  check "GNU parallel is installed (scripts/setup)" false
fi
# Open MPI refuses root without the first two; what Open MPI leaves allocated is no leak of ours.
mpi_env=(env OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 ASAN_OPTIONS=detect_leaks=0)
if "${mpi_env[@]}" "$arap" "${sim_args[@]}" --mpi --out "$sweep/mpi1.json" 2>"$sweep/mpi.err"; then
  "${mpi_env[@]}" timeout 300 mpirun -n 2 --oversubscribe "$arap" "${sim_args[@]}" --mpi \
    --out "$sweep/mpi2.json"
  check "mpirun -n 2 gives the unsharded summary" cmp -s "$sweep/mpi2.json" "$sweep/whole.json"
  check "one MPI process gives the unsharded summary" cmp -s "$sweep/mpi1.json" "$sweep/whole.json"
  # An SPRT stop over ranks falls on the same task as on threads: identical settings settle at 236.
  cmp_args=(sim "$og" --games 300 --seed 5 --red random --blue random --quiet --data "$root/data"
    --compare option.busts_allowed=1)
  "$arap" "${cmp_args[@]}" --jobs 2 --out "$sweep/cmp.json"
  "${mpi_env[@]}" timeout 300 mpirun -n 2 --oversubscribe "$arap" "${cmp_args[@]}" --mpi \
    --out "$sweep/cmp_mpi.json"
  check "an SPRT stop is the same over MPI ranks" cmp -s "$sweep/cmp_mpi.json" "$sweep/cmp.json"
  check "identical settings settle on no difference" contains "$(cat "$sweep/cmp.json")" '"verdict": "no difference of 0.05 or more"'
else
  check "arap is built with MPI (scripts/setup installs it): $(cat "$sweep/mpi.err")" false
fi
rm -rf "$sweep"
ladder=$("$arap" ladder "$root/data/scenarios/open_ground.yaml" --agents random,greedy --games 3 --seed 2 --jobs 2 --json --data "$root/data")
check "ladder plays both seats" contains "$ladder" '"games": 6'
check "ladder gives a Wilson interval" contains "$ladder" '"score_95"'
check "ladder times each agent's decisions" contains "$ladder" '"first_decision_seconds"'
check "ladder counts games stopped unfinished" contains "$ladder" '"unfinished_games": 0'
table=$("$arap" ladder "$root/data/scenarios/open_ground.yaml" --agents random,greedy --games 1 --data "$root/data" 2>/dev/null)
check "ladder's table gives decision times" contains "$table" 'decision time, wall-clock milliseconds'
out=$("$arap" ladder "$root/data/scenarios/open_ground.yaml" --agents random,random --data "$root/data" 2>&1 >/dev/null)
check "ladder refuses an agent listed twice" test $? -ne 0
check "ladder says which agent is listed twice" contains "$out" "random is listed twice"
out=$("$arap" bench --games 5 --data "$root/data")
check "bench prints a signature" contains "$out" "signature:"

# Issue 17: units named by army and unit; --json is a flag after the file (the old form works).
out=$("$arap" odds attack "$root/examples/bolters_vs_guardsmen.json" --json)
check "odds attack FILE --json prints JSON" contains "$out" '"mean_slain"'
out=$(echo '{"attacker": {"army": "space_marines", "unit": "tactical_squad", "models": 8}, "weapon": "bolter", "range": 10, "target": {"army": "imperial_guard", "unit": "infantry_squad"}}' | "$arap" odds attack - --data "$root/data")
check "odds attack names units" contains "$out" "attacker: Tactical Squad (space_marines), 8 of 10 models"
out=$(echo '{"attacker": {"army": "orks", "unit": "nobz"}, "defender": {"army": "imperial_guard", "unit": "infantry_squad"}}' | "$arap" odds melee - --data "$root/data")
check "odds melee names units and prints percentages" contains "$out" "attacker wins .*%"
check "odds melee prints slain both ways" contains "$out" "defenders slain=k"

out=$(echo '{"attacker": {"army": "imperial_guard", "unit": "infantry_squad"}, "range": 8, "target": {"army": "space_marines", "unit": "tactical_squad"}}' | "$arap" odds attack - --json --data "$root/data")
check "a named squad without a weapon fires every model's weapon" contains "$out" '"weapon": "Flamer"'

# Issue 13: the rules index ships with the project.
out=$("$arap" rules --json --data "$root/data")
check "rules --json lists every core rule" test "$(grep -c '"tier": "core"' <<<"$out")" -eq 186
out=$("$arap" rules SHOOT-31 --data "$root/data")
check "rules ID prints its summary" contains "$out" "SHOOT-31 — Heavy casualty test"
out=$("$arap" rules ADV-66 --data "$root/data")
check "rules ID names the rule's scenario option" contains "$out" "option.no_retreat: on by default"
out=$("$arap" rules shoot-33 --data "$root/data")
check "rules shows a rule's ruling switches" contains "$out" "values: gt25 (default), ge25min2"
err=$("$arap" rules SHOT-31 --data "$root/data" 2>&1 >/dev/null)
check "unknown rule exits 2" test $? -eq 2
check "unknown rule gets a suggestion" contains "$err" 'did you mean "SHOOT-31"'

out=$("$arap" odds melee --json "$root/examples/melee_rear_charge.json")
check "odds melee prints the winner's odds" contains "$out" '"attacker_wins"'
err=$(echo '{"attacker": {"models": 0}, "defender": {"models": 1}}' | "$arap" odds melee - 2>&1 >/dev/null)
check "odds melee names the bad field" contains "$err" "attacker.models"

# Issue 17: charges, charts and comparisons.
out=$("$arap" odds charge "$root/examples/charge_over_wall.json" --data "$root/data")
check "odds charge prints P(reach)" contains "$out" "P(reach) .*%"
check "odds charge prints the failed move" contains "$out" "a failed Charge moves"
check "a named unit leaves a parsed library in the cache" test "$(ls "$ARAP_CACHE" | grep -c '^library-.*\.json$')" -eq 1
out=$("$arap" odds charge "$root/examples/charge_over_wall.json" --data "$root/data")
check "odds charge from the warm cache" contains "$out" "P(reach) .*20.83%"
out=$(ARAP_CACHE=off "$arap" odds charge "$root/examples/charge_over_wall.json" --data "$root/data")
check "ARAP_CACHE=off reads the YAML" contains "$out" "P(reach) .*20.83%"
out=$(echo '{"charger": {"move": 4}, "distance": 12}' | "$arap" odds charge - --json)
check "odds charge --json: EX-06 13/18" contains "$out" '"p_reach": 0.72222222222'
err=$(echo '{"charger": {"move": 4}, "distance": 12, "path": [{"ground": "swamp", "length": 1}]}' | "$arap" odds charge - 2>&1 >/dev/null)
check "odds charge bad ground exits 2" test $? -eq 2
check "odds charge bad ground names the field" contains "$err" "path\[0\].ground"
plot=$(mktemp --suffix=.svg)
"$arap" odds attack "$root/examples/guard_squad_vs_marines.json" --data "$root/data" --plot "$plot" >/dev/null
check "odds attack --plot writes an SVG" grep -q "<svg" "$plot"
check "the chart has bars and a line" test "$(grep -c '<rect' "$plot")" -gt 3 -a "$(grep -c '<polyline' "$plot")" -ge 1
out=$("$arap" odds compare "$root/examples/guard_squad_vs_marines.json" "$root/examples/veterans_vs_marines.json" --data "$root/data" --plot "$plot")
check "odds compare prints both loadouts" contains "$out" "veterans_vs_marines"
check "odds compare overlays both on one chart" test "$(grep -c 'polyline' "$plot")" -eq 2
"$arap" odds melee "$root/examples/melee_rear_charge.json" --plot "$plot" >/dev/null
check "odds melee --plot" grep -q "defenders slain" "$plot"
"$arap" odds charge "$root/examples/charge_over_wall.json" --data "$root/data" --plot "$plot" >/dev/null
check "odds charge --plot" grep -q "Charge distance" "$plot"
err=$("$arap" odds compare "$root/examples/guard_squad_vs_marines.json" 2>&1 >/dev/null)
check "odds compare needs two files" test $? -ne 0
rm -f "$plot"
out=$("$arap" validate "$root/data/scenarios/ruined_town.yaml" --data "$root/data")
check "validate checks a scenario file" contains "$out" "ok: .*scenario Ruined Town"
out=$("$arap" validate "$root/data/armies/orks.yaml" --data "$root/data")
check "validate checks an army file" contains "$out" "army orks"

out=$("$arap" rulings)
check "rulings listed" contains "$out" "ruling.SHOOT-38.fallbackOnSuccess"
check "mêlée rulings listed" contains "$out" "ruling.MELEE-23"

echo "cli: $passes passed, $failures failed"
exit $((failures > 0))
