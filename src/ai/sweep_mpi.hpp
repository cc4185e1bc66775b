// Issue 20: `mpirun -n K arap sim ... --mpi`. Rank 0 hands tasks out in chunks as ranks ask for
// them (dynamic sharing: a rank that drew long games simply asks less often) and plays tasks on
// its own threads meanwhile; the rows come back with each request, so rank 0 ends with every
// row and prints the same summary as a single process would. Open MPI is reached through the
// module libarap_mpi.so, built when CMake finds MPI (ARAP_MPI) and loaded only by --mpi; without
// it MpiSession says so.
#pragma once

#include <functional>
#include <vector>

#include "ai/sweep.hpp"

namespace arap::ai {

// MPI for the life of the object (MPI_Init_thread, funnelled: only the main thread calls MPI).
class MpiSession {
 public:
  MpiSession();
  ~MpiSession();
  MpiSession(const MpiSession&) = delete;
  MpiSession& operator=(const MpiSession&) = delete;
  int rank() const { return rank_; }
  int size() const { return size_; }
  // Ends every rank at once after a failure on one (MPI_Abort), the message on stderr first.
  [[noreturn]] static void abort(const char* message);

 private:
  int rank_ = 0;
  int size_ = 1;
};

// Plays the whole plan over the session's ranks, `jobs` threads on each. Rank 0 returns every
// row (the SPRT may stop a comparison early, as in run_sweep); the other ranks return none.
std::vector<GameRow> run_sweep_mpi(const MpiSession& session, const SweepPlan& plan, int jobs,
                                   const std::function<void(int, int)>& progress,
                                   const Roster& roster);

}  // namespace arap::ai
