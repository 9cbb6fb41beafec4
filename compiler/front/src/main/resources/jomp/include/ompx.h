/* jomp: <ompx.h>, LLVM's kernel-language extensions (clang 19's ompx.h, C part): thread and block
   numbers and sizes per dimension, block barriers, warp ballots and shuffles. The runtime gives
   every device its version: nvptx64 the GPU's (jomp's device runtime), the host and the jvm
   device ompx.h's host variants (a thread is its ancestor's thread number, a block the team, the
   grid one block; ballots and shuffles trap). */
#ifndef __OMPX_H
#define __OMPX_H

#ifdef __AMDGCN_WAVEFRONT_SIZE
#define __WARP_SIZE __AMDGCN_WAVEFRONT_SIZE
#else
#define __WARP_SIZE 32
#endif

typedef unsigned long uint64_t;

int omp_get_ancestor_thread_num(int);
int omp_get_team_size(int);

enum {
  ompx_relaxed = __ATOMIC_RELAXED,
  ompx_aquire = __ATOMIC_ACQUIRE,
  ompx_release = __ATOMIC_RELEASE,
  ompx_acq_rel = __ATOMIC_ACQ_REL,
  ompx_seq_cst = __ATOMIC_SEQ_CST,
};

enum {
  ompx_dim_x = 0,
  ompx_dim_y = 1,
  ompx_dim_z = 2,
};

void ompx_sync_block(int Ordering);
void ompx_sync_block_acq_rel(void);
void ompx_sync_block_divergent(int Ordering);

int ompx_thread_id(int Dim);
static inline int ompx_thread_id_x() { return ompx_thread_id(ompx_dim_x); }
static inline int ompx_thread_id_y() { return ompx_thread_id(ompx_dim_y); }
static inline int ompx_thread_id_z() { return ompx_thread_id(ompx_dim_z); }
int ompx_block_dim(int Dim);
static inline int ompx_block_dim_x() { return ompx_block_dim(ompx_dim_x); }
static inline int ompx_block_dim_y() { return ompx_block_dim(ompx_dim_y); }
static inline int ompx_block_dim_z() { return ompx_block_dim(ompx_dim_z); }
int ompx_block_id(int Dim);
static inline int ompx_block_id_x() { return ompx_block_id(ompx_dim_x); }
static inline int ompx_block_id_y() { return ompx_block_id(ompx_dim_y); }
static inline int ompx_block_id_z() { return ompx_block_id(ompx_dim_z); }
int ompx_grid_dim(int Dim);
static inline int ompx_grid_dim_x() { return ompx_grid_dim(ompx_dim_x); }
static inline int ompx_grid_dim_y() { return ompx_grid_dim(ompx_dim_y); }
static inline int ompx_grid_dim_z() { return ompx_grid_dim(ompx_dim_z); }

uint64_t ompx_ballot_sync(uint64_t mask, int pred);
int ompx_shfl_down_sync_i(uint64_t mask, int var, unsigned delta, int width);
float ompx_shfl_down_sync_f(uint64_t mask, float var, unsigned delta, int width);
long ompx_shfl_down_sync_l(uint64_t mask, long var, unsigned delta, int width);
double ompx_shfl_down_sync_d(uint64_t mask, double var, unsigned delta, int width);

#endif /* __OMPX_H */
