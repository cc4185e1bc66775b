// Issue 20: libarap_mpi.so, Open MPI behind mpi_transport.h (see there for why it is a module).
#include "mpi/mpi_transport.h"

#include <mpi.h>

namespace {

MPI_Request barrier_request = MPI_REQUEST_NULL;

void init(int* rank, int* size) {
  int provided = 0;
  MPI_Init_thread(nullptr, nullptr, MPI_THREAD_FUNNELED, &provided);
  MPI_Comm_rank(MPI_COMM_WORLD, rank);
  MPI_Comm_size(MPI_COMM_WORLD, size);
}

void finalize() {
  MPI_Finalize();
}

void abort_all(int code) {
  MPI_Abort(MPI_COMM_WORLD, code);
}

void send(const char* bytes, int length, int to, int tag) {
  MPI_Send(bytes, length, MPI_CHAR, to, tag, MPI_COMM_WORLD);
}

int waiting(int from, int tag, int* sender, int* length) {
  int flag = 0;
  MPI_Status status;
  MPI_Iprobe(from < 0 ? MPI_ANY_SOURCE : from, tag, MPI_COMM_WORLD, &flag, &status);
  if (flag == 0) return 0;
  *sender = status.MPI_SOURCE;
  MPI_Get_count(&status, MPI_CHAR, length);
  return 1;
}

void receive(char* bytes, int length, int sender, int tag) {
  MPI_Recv(bytes, length, MPI_CHAR, sender, tag, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
}

void barrier_start() {
  MPI_Ibarrier(MPI_COMM_WORLD, &barrier_request);
}

int barrier_done() {
  int done = 0;
  MPI_Test(&barrier_request, &done, MPI_STATUS_IGNORE);
  return done;
}

const ArapMpiTransport kTransport{ARAP_MPI_TRANSPORT_VERSION,
                                  init,
                                  finalize,
                                  abort_all,
                                  send,
                                  waiting,
                                  receive,
                                  barrier_start,
                                  barrier_done};

}  // namespace

extern "C" __attribute__((visibility("default"))) const ArapMpiTransport* arap_mpi_transport(void) {
  return &kTransport;
}
