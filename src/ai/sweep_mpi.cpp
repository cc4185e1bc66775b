// Issue 20: sweeps over MPI ranks (see sweep_mpi.hpp).
#include "ai/sweep_mpi.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <stdexcept>
#include <string>
#include <thread>

#ifdef ARAP_MPI
#include <mpi.h>
#endif

namespace arap::ai {

#ifndef ARAP_MPI

bool mpi_built() {
  return false;
}
MpiSession::MpiSession() {
  throw std::runtime_error(
      "--mpi: this arap was built without MPI (install libopenmpi-dev and "
      "rebuild; scripts/setup does)");
}
MpiSession::~MpiSession() = default;
void MpiSession::abort(const char* message) {
  std::fprintf(stderr, "%s\n", message);
  std::abort();
}
std::vector<GameRow> run_sweep_mpi(const MpiSession&, const SweepPlan&, int,
                                   const std::function<void(int, int)>&, const Roster&) {
  throw std::runtime_error("--mpi: this arap was built without MPI");
}

#else

namespace {

constexpr int kRequest = 1;  // a rank's finished rows (JSON) and a request for more tasks
constexpr int kTasks = 2;    // rank 0's answer: task numbers; none means "stop"

std::string rows_text(const std::vector<GameRow>& rows) {
  nlohmann::json out = nlohmann::json::array();
  for (const auto& row : rows) out.push_back(row.to_json());
  return out.dump();
}

// A rank other than 0: ask, play, hand the rows back with the next request, until told to stop.
void serve_as_worker(const SweepPlan& plan, int jobs, const Roster& roster) {
  std::string finished = "[]";
  for (;;) {
    MPI_Send(finished.data(), static_cast<int>(finished.size()), MPI_CHAR, 0, kRequest,
             MPI_COMM_WORLD);
    MPI_Status status;
    for (int waiting = 0; waiting == 0;) {
      MPI_Iprobe(0, kTasks, MPI_COMM_WORLD, &waiting, &status);
      if (waiting == 0) std::this_thread::sleep_for(std::chrono::microseconds(50));
    }
    int count = 0;
    MPI_Get_count(&status, MPI_INT, &count);
    std::vector<int> tasks(static_cast<std::size_t>(std::max(count, 1)));
    MPI_Recv(tasks.data(), count, MPI_INT, 0, kTasks, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    if (count == 0) return;
    tasks.resize(static_cast<std::size_t>(count));
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
  std::string buffer;
  while (active > 0) {
    int waiting = 0;
    MPI_Status status;
    MPI_Iprobe(MPI_ANY_SOURCE, kRequest, MPI_COMM_WORLD, &waiting, &status);
    if (waiting == 0) {
      // Polling with a short sleep: a blocking receive spins in Open MPI and would take a core
      // from the threads playing on this rank.
      std::this_thread::sleep_for(std::chrono::microseconds(200));
      continue;
    }
    int length = 0;
    MPI_Get_count(&status, MPI_CHAR, &length);
    buffer.resize(static_cast<std::size_t>(length));
    MPI_Recv(buffer.data(), length, MPI_CHAR, status.MPI_SOURCE, kRequest, MPI_COMM_WORLD,
             MPI_STATUS_IGNORE);
    std::vector<GameRow> task_rows;
    for (const auto& row : nlohmann::json::parse(buffer)) {
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
    std::vector<int> tasks = run.take(chunk);
    MPI_Send(tasks.data(), static_cast<int>(tasks.size()), MPI_INT, status.MPI_SOURCE, kTasks,
             MPI_COMM_WORLD);
    if (tasks.empty()) --active;
  }
}

// Waits for every rank without spinning: Open MPI's blocking calls poll at full speed, so a rank
// that finished first would burn a core the others still play on.
void quiet_barrier() {
  MPI_Request request;
  MPI_Ibarrier(MPI_COMM_WORLD, &request);
  int done = 0;
  for (;;) {
    MPI_Test(&request, &done, MPI_STATUS_IGNORE);
    if (done != 0) return;
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
}

}  // namespace

bool mpi_built() {
  return true;
}

MpiSession::MpiSession() {
  int provided = 0;
  MPI_Init_thread(nullptr, nullptr, MPI_THREAD_FUNNELED, &provided);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
  MPI_Comm_size(MPI_COMM_WORLD, &size_);
}

MpiSession::~MpiSession() {
  MPI_Finalize();
}

void MpiSession::abort(const char* message) {
  std::fprintf(stderr, "%s\n", message);
  std::fflush(stderr);
  MPI_Abort(MPI_COMM_WORLD, 1);
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

#endif

}  // namespace arap::ai
