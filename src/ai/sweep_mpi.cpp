// Issue 20: sweeps over MPI ranks (see sweep_mpi.hpp). Open MPI itself is reached through
// libarap_mpi.so (src/mpi/mpi_transport.h), loaded only when a sweep asks for MPI.
#include "ai/sweep_mpi.hpp"

#include <dlfcn.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <thread>

#include <fmt/format.h>

#include "mpi/mpi_transport.h"

namespace arap::ai {

namespace {

constexpr int kRequest = 1;  // a rank's finished rows (JSON) and a request for more tasks
constexpr int kTasks = 2;    // rank 0's answer: task numbers (JSON); none means "stop"

const ArapMpiTransport* transport = nullptr;

// The module beside this program (build/<preset>/ or the install's bin/), else on the loader's
// path; the reason when neither loads.
const ArapMpiTransport* load_transport(std::string& why) {
  std::vector<std::string> candidates;
  std::error_code ec;
  const auto self = std::filesystem::read_symlink("/proc/self/exe", ec);
  if (!ec) candidates.push_back((self.parent_path() / "libarap_mpi.so").string());
  candidates.emplace_back("libarap_mpi.so");
  for (const auto& path : candidates) {
    void* module = dlopen(path.c_str(), RTLD_NOW | RTLD_GLOBAL);
    if (module == nullptr) {
      why += fmt::format("{}{}", why.empty() ? "" : "; ", dlerror());
      continue;
    }
    using Entry = const ArapMpiTransport* (*)();
    const auto entry = reinterpret_cast<Entry>(dlsym(module, "arap_mpi_transport"));
    const ArapMpiTransport* found = entry != nullptr ? entry() : nullptr;
    if (found != nullptr && found->version == ARAP_MPI_TRANSPORT_VERSION) return found;
    why += fmt::format("{}{}: not this arap's MPI module", why.empty() ? "" : "; ", path);
  }
  return nullptr;
}

std::string rows_text(const std::vector<GameRow>& rows) {
  nlohmann::json out = nlohmann::json::array();
  for (const auto& row : rows) out.push_back(row.to_json());
  return out.dump();
}

// Waits for a message without spinning: Open MPI's blocking calls poll at full speed and would
// take a core from the threads playing on this rank.
std::string receive_from(int from, int tag, int& sender) {
  int length = 0;
  while (transport->waiting(from, tag, &sender, &length) == 0)
    std::this_thread::sleep_for(std::chrono::microseconds(50));
  std::string bytes(static_cast<std::size_t>(length), '\0');
  transport->receive(bytes.data(), length, sender, tag);
  return bytes;
}

void send_text(const std::string& text, int to, int tag) {
  if (text.size() > static_cast<std::size_t>(INT_MAX))
    throw std::runtime_error("--mpi: a message is too long for MPI");
  transport->send(text.data(), static_cast<int>(text.size()), to, tag);
}

// A rank other than 0: ask, play, hand the rows back with the next request, until told to stop.
void serve_as_worker(const SweepPlan& plan, int jobs, const Roster& roster) {
  std::string finished = "[]";
  for (;;) {
    send_text(finished, 0, kRequest);
    int sender = 0;
    const auto tasks =
        nlohmann::json::parse(receive_from(0, kTasks, sender)).get<std::vector<int>>();
    if (tasks.empty()) return;
    try {
      finished = rows_text(run_sweep(plan, tasks, jobs, false, {}, roster));
    } catch (const std::exception& error) {
      MpiSession::abort(error.what());
    }
  }
}

// Rank 0's main thread: answers requests until every other rank has been told to stop, while
// its own threads play from the same run.
void serve_as_root(const MpiSession& session, SweepRun& run, int jobs) {
  int active = session.size() - 1;
  while (active > 0) {
    int sender = 0;
    const std::string finished = receive_from(-1, kRequest, sender);
    std::vector<GameRow> task_rows;
    for (const auto& row : nlohmann::json::parse(finished)) {
      GameRow parsed = GameRow::from_json(row);
      if (!task_rows.empty() && task_rows.front().task != parsed.task) {
        run.complete(std::move(task_rows));
        task_rows.clear();
      }
      task_rows.push_back(std::move(parsed));
    }
    if (!task_rows.empty()) run.complete(std::move(task_rows));
    // Guided chunks: large while much remains, down to one task a thread near the end, so no
    // rank is left playing a long chunk while the others wait.
    const int chunk = std::clamp(run.remaining() / (4 * session.size() * std::max(1, jobs)),
                                 std::max(1, jobs), 64);
    const std::vector<int> tasks = run.take(chunk);
    send_text(nlohmann::json(tasks).dump(), sender, kTasks);
    if (tasks.empty()) --active;
  }
}

// Waits for every rank, again without spinning: a rank that finished first would otherwise burn
// a core the others still play on.
void quiet_barrier() {
  transport->barrier_start();
  while (transport->barrier_done() == 0) std::this_thread::sleep_for(std::chrono::milliseconds(1));
}

}  // namespace

MpiSession::MpiSession() {
  if (transport == nullptr) {
    std::string why;
    transport = load_transport(why);
    if (transport == nullptr)
      throw std::runtime_error(
          fmt::format("--mpi: this arap has no MPI module (build it with libopenmpi-dev installed; "
                      "scripts/setup does): {}",
                      why));
  }
  transport->init(&rank_, &size_);
}

MpiSession::~MpiSession() {
  transport->finalize();
}

void MpiSession::abort(const char* message) {
  std::fprintf(stderr, "%s\n", message);
  std::fflush(stderr);
  if (transport != nullptr) transport->abort_all(1);
  std::abort();
}

std::vector<GameRow> run_sweep_mpi(const MpiSession& session, const SweepPlan& plan, int jobs,
                                   const std::function<void(int, int)>& progress,
                                   const Roster& roster) {
  if (session.rank() != 0) {
    serve_as_worker(plan, jobs, roster);
    quiet_barrier();
    return {};
  }
  std::vector<int> all(static_cast<std::size_t>(plan.tasks()));
  for (int t = 0; t < plan.tasks(); ++t) all[static_cast<std::size_t>(t)] = t;
  SweepRun run(plan, std::move(all), true, progress);
  std::string failure;
  std::thread local([&] {
    try {
      play_on_threads(run, plan, jobs, roster);
    } catch (const std::exception& error) {
      failure = error.what();
    }
  });
  try {
    serve_as_root(session, run, jobs);
  } catch (const std::exception& error) {
    MpiSession::abort(error.what());
  }
  local.join();
  if (!failure.empty()) MpiSession::abort(failure.c_str());
  quiet_barrier();
  return run.rows();
}

}  // namespace arap::ai
