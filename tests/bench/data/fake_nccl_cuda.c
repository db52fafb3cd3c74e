/* A stand-in for libnccl and the CUDA runtime with the signatures of nccl.h and
 * cuda_runtime_api.h: every call is appended to a log that the test reads back, so the compiled
 * timing loop (src/ncclkit/bench/loop.c) can be checked on a machine without GPUs.
 * ncclAllReduce fails with ncclInvalidArgument (4) when count is 999. cudaStreamQuery answers
 * cudaErrorNotReady (600) fake_busy times before it answers success (always when fake_busy < 0);
 * ncclCommGetAsyncError reports fake_async. */
#include <stddef.h>
#include <string.h>

struct rec { int fn; const void *a; const void *b; size_t count; int x; int y; void *stream; };
struct rec fake_log[4096];
int fake_n = 0;
int fake_nranks = 4, fake_rank = 1;
int fake_busy = 0, fake_async = 0;
static int busy_left = 0;

enum { AR = 1, AG, RS, A2A, BC, RD, SEND, RECV, GSTART, GEND, QUERY, BEGIN, END, INST, LAUNCH,
       XDESTROY, GDESTROY, EREC, EELAPSED, ASYNC };

static void put(int fn, const void *a, const void *b, size_t count, int x, int y, void *s) {
  if (fake_n < 4096) { struct rec r = {fn, a, b, count, x, y, s}; fake_log[fake_n++] = r; }
}
void fake_reset(void) { fake_n = 0; busy_left = fake_busy; }

int ncclAllReduce(const void *s, void *r, size_t n, int dt, int op, void *c, void *st) {
  if (n == 999) return 4;
  put(AR, s, r, n, dt, op, st); return 0; }
int ncclAllGather(const void *s, void *r, size_t n, int dt, void *c, void *st) { put(AG, s, r, n, dt, 0, st); return 0; }
int ncclReduceScatter(const void *s, void *r, size_t n, int dt, int op, void *c, void *st) { put(RS, s, r, n, dt, op, st); return 0; }
int ncclAlltoAll(const void *s, void *r, size_t n, int dt, void *c, void *st) { put(A2A, s, r, n, dt, 0, st); return 0; }
int ncclBroadcast(const void *s, void *r, size_t n, int dt, int root, void *c, void *st) { put(BC, s, r, n, dt, root, st); return 0; }
int ncclReduce(const void *s, void *r, size_t n, int dt, int op, int root, void *c, void *st) { put(RD, s, r, n, op, root, st); return 0; }
int ncclSend(const void *b, size_t n, int dt, int peer, void *c, void *st) { put(SEND, b, 0, n, dt, peer, st); return 0; }
int ncclRecv(void *b, size_t n, int dt, int peer, void *c, void *st) { put(RECV, b, 0, n, dt, peer, st); return 0; }
int ncclGroupStart(void) { put(GSTART, 0, 0, 0, 0, 0, 0); return 0; }
int ncclGroupEnd(void) { put(GEND, 0, 0, 0, 0, 0, 0); return 0; }
int ncclCommCount(void *c, int *n) { *n = fake_nranks; return 0; }
int ncclCommUserRank(void *c, int *r) { *r = fake_rank; return 0; }
int ncclCommGetAsyncError(void *c, int *e) { *e = fake_async; put(ASYNC, c, 0, 0, 0, 0, 0); return 0; }
const char *ncclGetErrorString(int rc) {
  return rc == 4 ? "invalid argument" : rc == 6 ? "remote process exited or there was a network error" : "unknown"; }

static int graph_obj, exec_obj, event_obj[64];
int cudaStreamQuery(void *s) {
  put(QUERY, 0, 0, 0, 0, 0, s);
  if (fake_busy < 0) return 600;
  if (busy_left > 0) { busy_left--; return 600; }
  return 0; }
int cudaStreamBeginCapture(void *s, int mode) { put(BEGIN, 0, 0, 0, mode, 0, s); return 0; }
int cudaStreamEndCapture(void *s, void **g) { *g = &graph_obj; put(END, 0, 0, 0, 0, 0, s); return 0; }
int cudaGraphInstantiateWithFlags(void **e, void *g, unsigned long long f) { *e = &exec_obj; put(INST, g, 0, 0, 0, 0, 0); return 0; }
int cudaGraphLaunch(void *e, void *s) { put(LAUNCH, e, 0, 0, 0, 0, s); return 0; }
int cudaGraphExecDestroy(void *e) { put(XDESTROY, e, 0, 0, 0, 0, 0); return 0; }
int cudaGraphDestroy(void *g) { put(GDESTROY, g, 0, 0, 0, 0, 0); return 0; }
int cudaEventCreate(void **e) { static int i = 0; *e = &event_obj[i++ % 64]; return 0; }
int cudaEventDestroy(void *e) { return 0; }
int cudaEventRecord(void *e, void *s) { put(EREC, e, 0, 0, 0, 0, s); return 0; }
int cudaEventElapsedTime(float *ms, void *a, void *b) {
  *ms = (float)((int *)b - (int *)a) * 0.5f; put(EELAPSED, a, b, 0, 0, 0, 0); return 0; }
const char *cudaGetErrorString(int rc) { return "fake cuda error"; }
