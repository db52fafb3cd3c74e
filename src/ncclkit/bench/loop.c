/* The timed loop of `ncclkit bench --engine direct`, in C so that nothing but the NCCL call runs
 * between two calls, as in nccl-tests (src/common.cu of NVIDIA/nccl-tests 2.19.6: startColl,
 * BenchTime). No headers of NCCL or CUDA are needed: the caller passes the addresses of the
 * library functions it already loaded (ncclffi / cudart through ctypes), in the order of enum fn.
 * Built at first use with the system C compiler (ncclkit.bench.cloop).
 */
#include <stddef.h>
#include <stdint.h>
#include <sched.h>
#include <time.h>

enum fn {
  F_ALLREDUCE, F_ALLGATHER, F_REDUCESCATTER, F_ALLTOALL, F_BROADCAST, F_REDUCE, F_SEND, F_RECV,
  F_GROUPSTART, F_GROUPEND, F_COMMCOUNT, F_COMMUSERRANK, F_COMMASYNCERROR,
  F_STREAMQUERY, F_BEGINCAPTURE, F_ENDCAPTURE, F_INSTANTIATE, F_GRAPHLAUNCH, F_EXECDESTROY,
  F_GRAPHDESTROY, F_EVENTRECORD, F_EVENTELAPSED,
  F_COUNT
};
/* *failed values that name no function: the wait ran past its bound, or NCCL reported an
 * asynchronous error on the communicator while the stream ran */
#define W_TIMEOUT F_COUNT
#define W_ASYNC (F_COUNT + 1)
#define CUDA_NOT_READY 600 /* cudaErrorNotReady */

/* Collective kinds, the order of ncclkit.bench.cloop.KINDS */
enum kind { K_ALLREDUCE, K_ALLGATHER, K_REDUCESCATTER, K_ALLTOALL, K_BROADCAST, K_REDUCE,
            K_SENDRECV, K_ALLTOALL_P2P };

struct nk_coll {
  int kind;
  int dtype, op, root;
  char *send, *recv;   /* iteration 0's pointers, in-place offsets applied */
  size_t count;        /* the count argument of the NCCL call */
  size_t elem_bytes;
  size_t shift;        /* bytes the pointers move from one iteration to the next */
  size_t steps;        /* iteration i uses shift * (i % steps), as startColl does */
  void *comm, *stream;
};

typedef int (*f_red)(const void *, void *, size_t, int, int, void *, void *);
typedef int (*f_gat)(const void *, void *, size_t, int, void *, void *);
typedef int (*f_rdc)(const void *, void *, size_t, int, int, int, void *, void *);
typedef int (*f_p2p)(const void *, size_t, int, int, void *, void *);
typedef int (*f_void)(void);
typedef int (*f_int)(void *, int *);
typedef int (*f_ptr)(void *);
typedef int (*f_ptr_int)(void *, int);
typedef int (*f_ptr_pptr)(void *, void **);
typedef int (*f_inst)(void **, void *, unsigned long long);
typedef int (*f_ptr_ptr)(void *, void *);
typedef int (*f_elapsed)(float *, void *, void *);
typedef int (*f_async)(void *, int *);

#define CALL(where, expr) do { int rc_ = (expr); if (rc_ != 0) { *failed = (where); return rc_; } } while (0)

double nk_now(void) {
  /* std::chrono::steady_clock of nccl-tests' timer.cc is CLOCK_MONOTONIC on Linux */
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static int one_call(void *const *f, const struct nk_coll *c, size_t iter, int *failed) {
  size_t off = c->steps > 1 ? c->shift * (iter % c->steps) : 0;
  char *s = c->send + off, *r = c->recv + off;
  int n = 0, me = 0;
  switch (c->kind) {
  case K_ALLREDUCE:
    CALL(F_ALLREDUCE, ((f_red)f[F_ALLREDUCE])(s, r, c->count, c->dtype, c->op, c->comm, c->stream));
    break;
  case K_REDUCESCATTER:
    CALL(F_REDUCESCATTER, ((f_red)f[F_REDUCESCATTER])(s, r, c->count, c->dtype, c->op, c->comm,
                                                      c->stream));
    break;
  case K_ALLGATHER:
    CALL(F_ALLGATHER, ((f_gat)f[F_ALLGATHER])(s, r, c->count, c->dtype, c->comm, c->stream));
    break;
  case K_ALLTOALL:
    CALL(F_ALLTOALL, ((f_gat)f[F_ALLTOALL])(s, r, c->count, c->dtype, c->comm, c->stream));
    break;
  case K_BROADCAST:
    /* broadcast.cu asks for the rank on every call; kept for the same host work per call */
    CALL(F_COMMUSERRANK, ((f_int)f[F_COMMUSERRANK])(c->comm, &me));
    CALL(F_BROADCAST, ((f_red)f[F_BROADCAST])(s, r, c->count, c->dtype, c->root, c->comm,
                                              c->stream));
    break;
  case K_REDUCE:
    CALL(F_REDUCE, ((f_rdc)f[F_REDUCE])(s, r, c->count, c->dtype, c->op, c->root, c->comm,
                                        c->stream));
    break;
  case K_SENDRECV:
    /* sendrecv.cu: send to rank+1, receive from rank-1, in one group */
    CALL(F_COMMCOUNT, ((f_int)f[F_COMMCOUNT])(c->comm, &n));
    CALL(F_COMMUSERRANK, ((f_int)f[F_COMMUSERRANK])(c->comm, &me));
    CALL(F_GROUPSTART, ((f_void)f[F_GROUPSTART])());
    CALL(F_SEND, ((f_p2p)f[F_SEND])(s, c->count, c->dtype, (me + 1) % n, c->comm, c->stream));
    CALL(F_RECV, ((f_p2p)f[F_RECV])(r, c->count, c->dtype, (me - 1 + n) % n, c->comm, c->stream));
    CALL(F_GROUPEND, ((f_void)f[F_GROUPEND])());
    break;
  case K_ALLTOALL_P2P:
    /* alltoall.cu before NCCL 2.28: grouped send/recv with every peer */
    CALL(F_COMMCOUNT, ((f_int)f[F_COMMCOUNT])(c->comm, &n));
    CALL(F_GROUPSTART, ((f_void)f[F_GROUPSTART])());
    for (int p = 0; p < n; p++) {
      size_t o = (size_t)p * c->count * c->elem_bytes;
      CALL(F_SEND, ((f_p2p)f[F_SEND])(s + o, c->count, c->dtype, p, c->comm, c->stream));
      CALL(F_RECV, ((f_p2p)f[F_RECV])(r + o, c->count, c->dtype, p, c->comm, c->stream));
    }
    CALL(F_GROUPEND, ((f_void)f[F_GROUPEND])());
    break;
  default:
    *failed = -1;
    return -1;
  }
  return 0;
}

/* Issue iterations first..first+n-1; with events (n+1 of them), record events[i] before
 * iteration i and events[n] after the last, as recordEvents does for -I. */
int nk_issue(void *const *f, const struct nk_coll *c, size_t first, int n, void **events,
             int *failed) {
  for (int i = 0; i < n; i++) {
    if (events) CALL(F_EVENTRECORD, ((f_ptr_ptr)f[F_EVENTRECORD])(events[i], c->stream));
    int rc = one_call(f, c, first + (size_t)i, failed);
    if (rc) return rc;
  }
  if (events) CALL(F_EVENTRECORD, ((f_ptr_ptr)f[F_EVENTRECORD])(events[n], c->stream));
  return 0;
}

/* Wait for the stream as testStreamSynchronize does (nccl-tests src/common.cu): poll
 * cudaStreamQuery, ask NCCL for an asynchronous error between polls and yield the CPU. Unlike
 * cudaStreamSynchronize it ends on an NCCL error (a peer gone) and is bounded by timeout_s (<= 0:
 * unbounded, nccl-tests' default); its timing was measured the same as the sync's on one H200
 * (benchmarks/results/bench-wait-1xH200-2026-12-01, 1-wait-effect.md). */
int nk_wait(void *const *f, void *stream, void *comm, double timeout_s, int *failed) {
  double t0 = nk_now();
  for (;;) {
    int rc = ((f_ptr)f[F_STREAMQUERY])(stream);
    if (rc == 0) return 0;
    if (rc != CUDA_NOT_READY) { *failed = F_STREAMQUERY; return rc; }
    if (comm) {
      int async = 0;
      CALL(F_COMMASYNCERROR, ((f_async)f[F_COMMASYNCERROR])(comm, &async));
      if (async != 0) { *failed = W_ASYNC; return async; }
    }
    if (timeout_s > 0 && nk_now() - t0 > timeout_s) { *failed = W_TIMEOUT; return -1; }
    sched_yield();
  }
}

/* Eager: host clock from here (the caller has just left the barrier) to the end of the stream
 * wait after `iters` calls; *seconds is the whole window (BenchTime's tim.elapsed()).
 * sync 0 leaves the wait to the caller (CUDA-event timing records its end event first). */
int nk_time_eager(void *const *f, const struct nk_coll *c, int iters, void **events, int sync,
                  double timeout_s, double *seconds, int *failed) {
  double t0 = nk_now();
  int rc = nk_issue(f, c, 0, iters, events, failed);
  if (rc) return rc;
  if (sync && (rc = nk_wait(f, c->stream, c->comm, timeout_s, failed))) return rc;
  *seconds = nk_now() - t0;
  return 0;
}

/* Graph: capture `iters` calls (thread-local mode, as BenchTime) and instantiate. */
int nk_capture(void *const *f, const struct nk_coll *c, int iters, void **events, void **graph,
               void **exec, int *failed) {
  *graph = 0;
  *exec = 0;
  CALL(F_BEGINCAPTURE, ((f_ptr_int)f[F_BEGINCAPTURE])(c->stream, 1 /* ThreadLocal */));
  int rc = nk_issue(f, c, 0, iters, events, failed);
  void *g = 0;
  int rc2 = ((f_ptr_pptr)f[F_ENDCAPTURE])(c->stream, &g);
  if (rc) {
    if (g) ((f_ptr)f[F_GRAPHDESTROY])(g);
    return rc;
  }
  if (rc2) { *failed = F_ENDCAPTURE; return rc2; }
  *graph = g;
  CALL(F_INSTANTIATE, ((f_inst)f[F_INSTANTIATE])(exec, g, 0ULL));
  return 0;
}

/* Graph: host clock from here to the end of the stream wait after `launches` launches. */
int nk_time_graph(void *const *f, void *exec, const struct nk_coll *c, int launches, int sync,
                  double timeout_s, double *seconds, int *failed) {
  double t0 = nk_now();
  int rc;
  for (int l = 0; l < launches; l++)
    CALL(F_GRAPHLAUNCH, ((f_ptr_ptr)f[F_GRAPHLAUNCH])(exec, c->stream));
  if (sync && (rc = nk_wait(f, c->stream, c->comm, timeout_s, failed))) return rc;
  *seconds = nk_now() - t0;
  return 0;
}

int nk_graph_free(void *const *f, void *graph, void *exec, int *failed) {
  if (exec) CALL(F_EXECDESTROY, ((f_ptr)f[F_EXECDESTROY])(exec));
  if (graph) CALL(F_GRAPHDESTROY, ((f_ptr)f[F_GRAPHDESTROY])(graph));
  return 0;
}

/* ms[i] = time between events[i] and events[i+1] (getElapsedTimes) */
int nk_elapsed(void *const *f, void **events, int n, float *ms, int *failed) {
  for (int i = 0; i < n; i++)
    CALL(F_EVENTELAPSED, ((f_elapsed)f[F_EVENTELAPSED])(&ms[i], events[i], events[i + 1]));
  return 0;
}

int nk_abi(void) { return F_COUNT * 100 + 2; }
