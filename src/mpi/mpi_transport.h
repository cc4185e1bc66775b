/* Issue 20: the few MPI calls a sweep needs, behind a C interface. They live in a module of their
 * own (libarap_mpi.so, beside the arap program) that `arap sim --mpi` loads when asked: linking
 * Open MPI into arap itself cost every run of every command about 1.6 ms of start-up (measured
 * with hyperfine on `arap odds activation`), for a feature few runs use. */
#ifndef ARAP_MPI_TRANSPORT_H
#define ARAP_MPI_TRANSPORT_H

#ifdef __cplusplus
extern "C" {
#endif

struct ArapMpiTransport {
  int version; /* ARAP_MPI_TRANSPORT_VERSION */
  /* MPI_Init_thread (funnelled); this process's rank and the number of ranks. */
  void (*init)(int* rank, int* size);
  void (*finalize)(void);
  void (*abort_all)(int code);
  /* Bytes to rank `to` under `tag` (blocking send). */
  void (*send)(const char* bytes, int length, int to, int tag);
  /* Whether a message with `tag` from `from` (-1: any rank) waits; its sender and length. */
  int (*waiting)(int from, int tag, int* sender, int* length);
  /* Receives the waiting message of `length` bytes from `sender` under `tag`. */
  void (*receive)(char* bytes, int length, int sender, int tag);
  /* A non-blocking barrier: start it, then test until it says 1. */
  void (*barrier_start)(void);
  int (*barrier_done)(void);
};

#define ARAP_MPI_TRANSPORT_VERSION 1

/* The module's one entry point. */
const struct ArapMpiTransport* arap_mpi_transport(void);

#ifdef __cplusplus
}
#endif

#endif
