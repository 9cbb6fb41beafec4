/* jomp's NVPTX device runtime: the __jomp_* entry points of docs/design/offload-abi.md §1 and
 * the omp_* queries, with GPU semantics (docs/design/nvptx.md). Compiled by jomp itself
 * (nvptx.DeviceRuntime) and appended to every device module that calls it; PtxBackend emits its
 * functions and globals .weak, so that nvlink keeps one copy, and the globals named
 * __jomp_shared_* in .shared memory (one per block, that is per team).
 *
 * Rules for this file: every symbol starts with __jomp_ or is an omp_* API name, or one of LLVM's
 * extensions (ompx_*, llvm_omp_*) (it shares the module with user code), no string literals, no
 * static symbols, no headers. */

typedef unsigned long __jomp_size_t;

/* PTX instructions (nvptx.Intrinsics) */
int __nvvm_read_ptx_sreg_tid_x(void);
int __nvvm_read_ptx_sreg_ntid_x(void);
int __nvvm_read_ptx_sreg_ctaid_x(void);
int __nvvm_read_ptx_sreg_nctaid_x(void);
void __nvvm_barrier_sync(int id);
void __nvvm_barrier_sync_cnt(int id, int count);
void __nvvm_membar_cta(void);
void __nvvm_membar_gl(void);
void __nvvm_membar_sys(void);
int __nvvm_vote_ballot_sync(int mask, int pred);
int __nvvm_shfl_sync_down_i32(int mask, int value, int delta, int clamp);
int __nvvm_read_ptx_sreg_tid_y(void);
int __nvvm_read_ptx_sreg_tid_z(void);
int __nvvm_read_ptx_sreg_ntid_y(void);
int __nvvm_read_ptx_sreg_ntid_z(void);
int __nvvm_read_ptx_sreg_ctaid_y(void);
int __nvvm_read_ptx_sreg_ctaid_z(void);
int __nvvm_read_ptx_sreg_nctaid_y(void);
int __nvvm_read_ptx_sreg_nctaid_z(void);
int __nvvm_atom_add_gen_i(int *p, int v);
int __nvvm_atom_cas_gen_i(int *p, int expected, int v);
int __nvvm_atom_xchg_gen_i(int *p, int v);
long __nvvm_atom_add_gen_ll(long *p, long v);
long __nvvm_atom_cas_gen_ll(long *p, long expected, long v);
long __nvvm_atom_xchg_gen_ll(long *p, long v);
long __nvvm_atom_max_gen_ll(long *p, long v);
int __jomp_ld_volatile_i32(int *p);
long __jomp_ld_volatile_i64(long *p);
void __jomp_st_volatile_i32(int *p, int v);
void __jomp_st_volatile_i64(long *p, long v);
long __jomp_globaltimer(void);

/* CUDA's device library, resolved by ptxas */
void *malloc(__jomp_size_t size);
void free(void *p);
int vprintf(const char *format, void *packed);

/* ---- state ------------------------------------------------------------------------------ */

/* kernel modes: the bits PtxBackend passes to __jomp_target_init */
#define __JOMP_TEAMS 1   /* the kernel has a teams region: every block is a team */
#define __JOMP_SPMD 2    /* every thread runs the kernel body (combined teams distribute parallel for) */

#define __JOMP_MAX_THREADS 1024
#define __JOMP_STACK_SIZE 2048
#define __JOMP_EXIT ((void (*)(int, void *))1)

/* A dynamically or guided scheduled loop's shared counter (two, used alternately). */
struct __jomp_dispatch {
    long next;
    long trips;
    long chunk;
    int kind;
    int pad;
};

/* The items of an nthreads-var list a device thread keeps (num_threads(n1, n2, ...), OpenMP 6.0). */
#define __JOMP_NESTED_MAX 8

/* One team (CUDA block): in shared memory. */
struct __jomp_team {
    void (*work)(int, void *);   /* generic mode: the parallel region the workers run next */
    void *work_args;
    int nthreads;                /* threads of the current parallel region */
    int mode;
    int thread_limit;            /* the teams region's thread_limit, 0 for none */
    int num_teams;               /* teams of the teams region: num_teams, at most the blocks launched */
    int bar_count;               /* software barrier for teams of a size other than whole warps */
    int bar_gen;
    int single;                  /* singles handed out in the current parallel region */
    char *stack_top;             /* team stack: frames of the serial part that the parallel part shares */
    void *copyprivate;
    struct __jomp_dispatch loops[2];
    long ordered[2];
    int nested_n;                /* num_threads(n1, n2, ...): the workers' nthreads-var list (-1: none) */
    int nested[__JOMP_NESTED_MAX];
};

/* One thread: in the local memory of the kernel's entry (its address in __jomp_shared_threads). */
struct __jomp_thread {
    int num;            /* omp_get_thread_num */
    int nthreads;       /* omp_get_num_threads */
    int level;          /* nesting depth of parallel regions */
    int active_level;   /* of those, the ones with more than one thread */
    int single_seq;
    int loop_seq;
    int ordered_seq;
    int loop_kind;      /* the current loop: 1 static, else dynamic/guided through loops[loop_seq & 1] */
    long loop_lower, loop_trips, loop_chunk, loop_next;
    long lower, upper;  /* the chunk handed out last */
    long *ordered_next;
    int ordered_pending;   /* __jomp_ordered_loop ran: the next loop's first iteration starts the order */
    long dist_upper, dist_chunk;
    int final_depth;    /* final tasks this thread is running (omp_in_final) */
    int *doacross;      /* the current doacross loop's flags, one per logical iteration */
    int task_depth;     /* explicit tasks this thread is running (omp_in_explicit_task) */
    int nthreads_var;   /* the data environment's ICVs: nthreads-var (0: the team's threads), */
    int max_levels_var; /* max-active-levels-var (0 or 1 on a GPU, as LLVM's device runtime), */
    int sched_var;      /* run-sched-var's kind (omp_sched_t, monotonic bit off) and chunk */
    int chunk_var;
    int nested_n;       /* nthreads-var's items after nthreads_var (-1: none kept) */
    int nested[__JOMP_NESTED_MAX];
    int pending_n;      /* num_threads(n1, n2, ...)'s n2, ... for the next fork (0: none) */
    int pending[__JOMP_NESTED_MAX];
};

/* The device's ICVs (OpenMP 5.2 §2.4), written by the host runtime when it loads the image
 * (Device.load, from OMP_<NAME>_DEV_<n>, OMP_<NAME>_DEV, OMP_<NAME>_ALL and the plugin's launch
 * defaults): nteams-var and teams-thread-limit-var (what a teams construct without num_teams or
 * thread_limit gets), nthreads-var, thread-limit-var (0: the block), max-active-levels-var and
 * run-sched-var. omp_set_num_teams and omp_set_teams_thread_limit change the first two. */
int __jomp_icv_nteams = 1;
int __jomp_icv_teams_thread_limit;
int __jomp_icv_nthreads;
int __jomp_icv_thread_limit;
int __jomp_icv_max_active_levels = 1;
int __jomp_icv_sched = 1;
int __jomp_icv_chunk;

/* read by PtxBackend (KernelEntry): the size of the per-thread block each kernel entry reserves */
const int __jomp_thread_size = sizeof(struct __jomp_thread);

struct __jomp_team __jomp_shared_team;
struct __jomp_thread *__jomp_shared_threads[__JOMP_MAX_THREADS];
_Alignas(16) char __jomp_shared_stack[__JOMP_STACK_SIZE];

struct __jomp_thread *__jomp_self(void) { return __jomp_shared_threads[__nvvm_read_ptx_sreg_tid_x()]; }

/* ---- kernels ------------------------------------------------------------------------------ */

void __jomp_thread_reset(struct __jomp_thread *t, int num, int nthreads) {
    t->num = num;
    t->nthreads = nthreads;
    t->single_seq = 0;
    t->loop_seq = 0;
    t->ordered_seq = 0;
    t->loop_kind = 0;
    t->ordered_pending = 0;
    t->final_depth = 0;
    t->task_depth = 0;
}

/* A thread's data-environment ICVs at the kernel's start, and in a new team's workers: the device's. */
void __jomp_thread_icvs(struct __jomp_thread *t) {
    t->nthreads_var = __jomp_icv_nthreads;
    t->max_levels_var = __jomp_icv_max_active_levels > 0 ? 1 : 0;
    t->sched_var = __jomp_icv_sched;
    t->chunk_var = __jomp_icv_chunk;
    t->nested_n = -1;
    t->pending_n = 0;
}

/* num_threads(n1, n2, ...): n2, ... become nthreads-var of the next parallel region's threads. */
void __jomp_num_threads_list(int n, int *items) {
    struct __jomp_thread *self = __jomp_self();
    if (n > __JOMP_NESTED_MAX) n = __JOMP_NESTED_MAX;
    for (int i = 0; i < n; i++) self->pending[i] = items[i];
    self->pending_n = n;
}

/* The nthreads-var list the threads of a team that self forks start with, into out: the pending
 * num_threads items, else self's own list after its nthreads-var; its length, -1 for none. */
int __jomp_members_list(struct __jomp_thread *self, int *out) {
    int n = self->pending_n > 0 ? self->pending_n : self->nested_n;
    int *from = self->pending_n > 0 ? self->pending : self->nested;
    for (int i = 0; i < n; i++) out[i] = from[i];
    self->pending_n = 0;
    return n;
}

/* A new team's thread takes the list: its first item (the forker's nthreads-var when the list is used up), the rest after. */
void __jomp_take_list(struct __jomp_thread *t, int n, int *list, int forker_var) {
    if (n < 0) return;
    t->nthreads_var = n > 0 ? list[0] : forker_var;
    t->nested_n = n > 0 ? n - 1 : 0;
    for (int i = 1; i < n; i++) t->nested[i - 1] = list[i];
}

/* Every thread of the block, first thing in a kernel. Returns 1 in the threads that run the
 * kernel body: in generic mode the block's thread 0 (the others serve parallel regions here
 * until the kernel ends), in SPMD mode all; 0 means return. A kernel without teams is one team:
 * blocks other than the first return at once. */
int __jomp_target_init(int mode, struct __jomp_thread *self) {
    int tid = __nvvm_read_ptx_sreg_tid_x();
    struct __jomp_team *team = &__jomp_shared_team;
    if (!(mode & __JOMP_TEAMS) && __nvvm_read_ptx_sreg_ctaid_x() != 0) return 0;
    __jomp_shared_threads[tid] = self;
    self->level = 0;
    self->active_level = 0;
    __jomp_thread_icvs(self);
    __jomp_thread_reset(self, 0, 1);
    if (tid == 0) {
        team->work = 0;
        team->mode = mode;
        team->thread_limit = 0;
        team->num_teams = __nvvm_read_ptx_sreg_nctaid_x();
        team->nthreads = 1;
        team->bar_count = 0;
        team->bar_gen = 0;
        team->single = 0;
        team->stack_top = __jomp_shared_stack;
        team->copyprivate = 0;
    }
    if (mode & __JOMP_SPMD) {
        __nvvm_barrier_sync(0);
        return 1;
    }
    if (tid == 0) return 1;
    for (;;) {   /* the workers' state machine */
        __nvvm_barrier_sync(0);   /* wait for a parallel region or the end */
        void (*fn)(int, void *) = team->work;
        if (fn == __JOMP_EXIT) return 0;
        if (tid < team->nthreads) {
            __jomp_thread_reset(self, tid, team->nthreads);
            __jomp_thread_icvs(self);
            __jomp_take_list(self, team->nested_n, team->nested, team->nested[0]);
            self->level = 1;
            self->active_level = 1;
            fn(tid, team->work_args);
            self->level = 0;
            self->active_level = 0;
        }
        __nvvm_barrier_sync(0);   /* join */
    }
}

/* After the kernel body, in the threads that ran it: releases the workers. */
void __jomp_target_deinit(int mode) {
    if (mode & __JOMP_SPMD) return;
    __jomp_shared_team.work = __JOMP_EXIT;
    __nvvm_barrier_sync(0);
}

/* ---- parallel regions --------------------------------------------------------------------- */

/* How many threads a parallel region gets: num_threads (0: all), at most the block and the
 * thread_limit; above one warp a multiple of the warp size, as LLVM's device runtime does, so that
 * its barriers are the hardware's. */
int __jomp_team_size(int requested) {
    int n = __nvvm_read_ptx_sreg_ntid_x();
    int limit = __jomp_shared_team.thread_limit;
    if (limit > 0 && limit < n) n = limit;
    if (__jomp_icv_thread_limit > 0 && __jomp_icv_thread_limit < n) n = __jomp_icv_thread_limit;
    if (requested > 0 && requested < n) n = requested;
    if (n > 32) n = n & ~31;
    return n;
}

void __jomp_fork(void (*fn)(int, void *), int numThreads, void *args) {
    struct __jomp_thread *self = __jomp_self();
    struct __jomp_team *team = &__jomp_shared_team;
    if (self->level == 0 && (team->mode & __JOMP_SPMD)) {
        /* every thread of the block is here with its own copy of the arguments */
        int tid = __nvvm_read_ptx_sreg_tid_x();
        __jomp_thread_reset(self, tid, __nvvm_read_ptx_sreg_ntid_x());
        self->level = 1;
        self->active_level = 1;
        fn(tid, args);
        self->level = 0;
        self->active_level = 0;
        __jomp_thread_reset(self, 0, 1);
        return;
    }
    int list[__JOMP_NESTED_MAX];
    int listed = __jomp_members_list(self, list);
    if (self->level > 0 || numThreads == 1 || self->max_levels_var == 0) {
        /* nested (or if(false), or max-active-levels-var 0): a team of one, the calling thread */
        struct __jomp_thread saved = *self;
        __jomp_thread_reset(self, 0, 1);
        __jomp_take_list(self, listed, list, saved.nthreads_var);
        self->level = saved.level + 1;
        fn(0, args);
        *self = saved;
        return;
    }
    int n = __jomp_team_size(numThreads > 0 ? numThreads : self->nthreads_var);
    team->work = fn;
    team->work_args = args;
    team->nthreads = n;
    team->single = 0;
    team->bar_count = 0;
    team->nested_n = listed;
    for (int i = 0; i < listed; i++) team->nested[i] = list[i];
    if (listed == 0) team->nested[0] = self->nthreads_var; /* used up: the forker's */
    __nvvm_membar_cta();
    int forker_var = self->nthreads_var, forker_n = self->nested_n;
    int forker_list[__JOMP_NESTED_MAX];
    for (int i = 0; i < forker_n; i++) forker_list[i] = self->nested[i];
    __jomp_thread_reset(self, 0, n);
    __jomp_take_list(self, listed, list, forker_var);
    self->level = 1;
    self->active_level = n > 1;
    __nvvm_barrier_sync(0);   /* the workers go */
    fn(0, args);
    __nvvm_barrier_sync(0);   /* and are back */
    self->level = 0;
    self->active_level = 0;
    team->nthreads = 1;
    __jomp_thread_reset(self, 0, 1);
    self->nthreads_var = forker_var; /* the primary thread's own ICVs again */
    self->nested_n = forker_n;
    for (int i = 0; i < forker_n; i++) self->nested[i] = forker_list[i];
}

void __jomp_barrier(void) {
    struct __jomp_thread *self = __jomp_self();
    int n = self->nthreads;
    if (n <= 1) return;
    if (n == __nvvm_read_ptx_sreg_ntid_x()) {
        __nvvm_barrier_sync(1);
        return;
    }
    if ((n & 31) == 0) {
        __nvvm_barrier_sync_cnt(1, n);
        return;
    }
    /* a team of part of a warp: a sense-reversing counter in shared memory */
    struct __jomp_team *team = &__jomp_shared_team;
    __nvvm_membar_cta();
    int gen = __jomp_ld_volatile_i32(&team->bar_gen);
    if (__nvvm_atom_add_gen_i(&team->bar_count, 1) == n - 1) {
        team->bar_count = 0;
        __nvvm_membar_cta();
        __nvvm_atom_add_gen_i(&team->bar_gen, 1);
    } else {
        while (__jomp_ld_volatile_i32(&team->bar_gen) == gen) {}
    }
    __nvvm_membar_cta();
}

int __jomp_single(void) {
    struct __jomp_thread *self = __jomp_self();
    if (self->nthreads <= 1) return 1;
    int seq = ++self->single_seq;
    return __nvvm_atom_cas_gen_i(&__jomp_shared_team.single, seq - 1, seq) == seq - 1;
}

int __jomp_master(void) { return __jomp_self()->num == 0; }

int __jomp_masked(int filter) { return __jomp_self()->num == filter; }

void __jomp_copyprivate_publish(void *addresses) {
    __jomp_shared_team.copyprivate = addresses;
    __nvvm_membar_cta();
}

void *__jomp_copyprivate_get(void) { return __jomp_shared_team.copyprivate; }

void __jomp_taskwait(void) {}

/* ---- tasks: on the device a task runs at once in the thread that creates it (OpenMP lets any
 * task be executed immediately), so dependences, taskwait and taskgroups are satisfied by
 * construction. The block keeps the task's function and flags in a header before it. ------- */

void *__jomp_task_alloc(void (*fn)(int, void *), long size, int flags, int priority) {
    long *h = (long *) malloc(size + 16 > 24 ? size + 16 : 24);
    if (!h) return 0;
    char *b = (char *) (h + 2);
    for (long i = 0; i < size; i++) b[i] = 0;
    h[0] = (long) fn;
    h[1] = flags;
    return b;
}

long __jomp_task_event(void *block) { return (long) block; }

void __jomp_task_submit(void *block, int n, void *deps) {
    if (!block) return;
    long *h = (long *) block - 2;
    void (*fn)(int, void *) = (void (*)(int, void *)) h[0];
    struct __jomp_thread *self = __jomp_self();
    int fin = (h[1] & 2) != 0 || self->final_depth > 0;
    if (fin) self->final_depth++;
    self->task_depth++;
    fn(self->num, block);
    self->task_depth--;
    if (fin) self->final_depth--;
    free(h);
}

void __jomp_taskwait_deps(int n, void *deps, int nowait) {}

void __jomp_taskgroup_begin(void) {}

void __jomp_taskgroup_end(void) {}

void __jomp_target_data_group_begin(void) {}

void __jomp_target_data_group_end(void) {}

void __jomp_taskyield(void) {}

/* the lowering's marks for the host's tools interface (OMPT); a GPU has none (device tracing is not supported) */
void __jomp_ompt(int what) {}

void __jomp_taskloop(void (*fn)(int, void *), char *block, long size, long total, long grainsize, long num_tasks, int flags,
                     int priority, int loop_flags) {
    if (total <= 0) return;
    char *b = (char *) __jomp_task_alloc(fn, size + 16, flags, priority);
    if (!b) return;
    for (long i = 0; i < size; i++) b[i] = block[i];
    *(long *) (b + size) = 0;
    *(long *) (b + size + 8) = total - 1;
    __jomp_task_submit(b, 0, 0);
}

void omp_fulfill_event(long event) {}

/* addr is the dependence's address as the lowering passes it (a pointer); the record keeps it as a long */
void __jomp_depobj_init(long **obj, void *addr, long size, int kind) {
    long *rec = (long *) malloc(24);
    if (rec) { rec[0] = (long) addr; rec[1] = size; rec[2] = kind; }
    *obj = rec;
}

void __jomp_depobj_update(long **obj, int kind) { if (*obj) (*obj)[2] = kind; }

void __jomp_depobj_destroy(long **obj) { if (*obj) free(*obj); *obj = 0; }

/* error at(execution) in device code: the message (libomp's wording, from the lowering) goes to a
 * log the host runtime prints on stderr after the launch, as the host's error directive prints it
 * (a GPU has no stderr); severity(fatal) ends the program as on the host (status 1): the kernel
 * records the request where the host runtime looks after a failed launch, and traps. */
#define __JOMP_ERROR_LOG 8
#define __JOMP_ERROR_TEXT 256
struct __jomp_error_text { char text[__JOMP_ERROR_TEXT]; };
struct __jomp_error_text __jomp_error_log[__JOMP_ERROR_LOG];
int __jomp_error_count;
int __jomp_exit_request;

void __jomp_error(const char *format, const char *message, int fatal) {
    int i = __nvvm_atom_add_gen_i(&__jomp_error_count, 1);
    if (i < __JOMP_ERROR_LOG) {   /* the format with %s the message and %% a percent sign */
        char *out = __jomp_error_log[i].text;
        int n = 0;
        for (const char *p = format; *p && n < __JOMP_ERROR_TEXT - 1; p++) {
            if (p[0] == '%' && p[1] == 's') {
                for (const char *m = message; m && *m && n < __JOMP_ERROR_TEXT - 1; m++) out[n++] = *m;
                p++;
            } else if (p[0] == '%' && p[1] == '%') {
                out[n++] = '%';
                p++;
            } else {
                out[n++] = *p;
            }
        }
        out[n] = 0;
    }
    __nvvm_membar_sys();
    if (!fatal) return;
    __jomp_st_volatile_i32(&__jomp_exit_request, 1 << 8 | 1);   /* requested, status 1 */
    __nvvm_membar_sys();
    __builtin_trap();
}

/* ---- context selectors' device traits at run time ("kind=gpu,nohost", "arch=nvptx64"): the
 * target's traits, one line "kind=gpu,nohost,any;arch=nvptx,nvptx64;isa=", which the back end
 * writes into __jomp_context_traits from the target's ToolChain when it links this runtime in
 * (nvptx.DeviceRuntime; the runtime has no string literals, so it only reads words) ---------- */

char __jomp_context_traits[128];

/* the length of a word, up to ',', ';', '=' or the end */
int __jomp_word_len(const char *p) {
    int n = 0;
    while (p[n] && p[n] != ',' && p[n] != ';' && p[n] != '=') n++;
    return n;
}

int __jomp_word_eq(const char *a, const char *b) {
    int n = __jomp_word_len(a);
    if (n != __jomp_word_len(b)) return 0;
    for (int i = 0; i < n; i++) if (a[i] != b[i]) return 0;
    return 1;
}

/* whether the target's trait `trait` lists the word w */
int __jomp_trait_has(const char *trait, const char *w) {
    const char *p = __jomp_context_traits;
    while (*p) {
        int here = __jomp_word_eq(p, trait);
        while (*p && *p != '=') p++;
        if (*p) p++;
        while (*p && *p != ';') {
            if (here && __jomp_word_eq(p, w)) return 1;
            while (*p && *p != ',' && *p != ';') p++;
            if (*p == ',') p++;
        }
        if (*p == ';') p++;
    }
    return 0;
}

int __jomp_device_matches(const char *traits) {
    const char *p = traits;
    while (*p && *p != '=') p++;
    if (!*p) return 0;
    p++;
    while (*p) {
        if (!__jomp_trait_has(traits, p)) return 0;
        while (*p && *p != ',') p++;
        if (*p) p++;
    }
    return 1;
}

/* ---- doacross loops: a flag per logical iteration, allocated by one thread of the team ---- */

void __jomp_doacross_init(long total) {
    struct __jomp_thread *self = __jomp_self();
    if (__jomp_single()) {
        int *f = (int *) malloc((total > 0 ? total : 1) * sizeof(int));
        if (f) for (long i = 0; i < total; i++) f[i] = 0;
        __jomp_shared_team.copyprivate = f;
    }
    __jomp_barrier();
    self->doacross = (int *) __jomp_shared_team.copyprivate;
    __jomp_barrier();
}

void __jomp_doacross_post(long iv) {
    __nvvm_membar_gl();
    __jomp_st_volatile_i32(&__jomp_self()->doacross[iv], 1);
}

void __jomp_doacross_wait(long iv) {
    int *f = __jomp_self()->doacross;
    while (__jomp_ld_volatile_i32(&f[iv]) == 0) {}
    __nvvm_membar_gl();
}

void __jomp_doacross_fini(void) {
    struct __jomp_thread *self = __jomp_self();
    __jomp_barrier();
    if (self->num == 0) free(self->doacross);
    self->doacross = 0;
}

/* cancellation is off on the device (omp_get_cancellation() is 0), as in LLVM's device runtime */
int __jomp_cancel(int kind) { return 0; }

int __jomp_cancellation_point(int kind) { return 0; }

int __jomp_barrier_cancel(void) { __jomp_barrier(); return 0; }

/* ---- locks in global memory: critical, atomic, reduction ------------------------------------ */

#define __JOMP_CRITICAL_SLOTS 64

int __jomp_atomic_lock;
int __jomp_reduce_lock;
/* named criticals: a hash table from the name's FNV-1a hash (the name's text, so that one name
 * in two files is one lock) to a lock */
long __jomp_critical_keys[__JOMP_CRITICAL_SLOTS];
int __jomp_critical_locks[__JOMP_CRITICAL_SLOTS];

void __jomp_lock(int *lock) {
    while (__nvvm_atom_cas_gen_i(lock, 0, 1) != 0) {}
    __nvvm_membar_gl();
}

void __jomp_unlock(int *lock) {
    __nvvm_membar_gl();
    __nvvm_atom_xchg_gen_i(lock, 0);
}

int *__jomp_critical_lock(const char *name) {
    long h = (long) 0xcbf29ce484222325L;
    if (name) for (const char *p = name; *p; p++) h = (h ^ (*p & 0xff)) * 0x100000001b3L;
    if (h == 0) h = 1;
    unsigned long i = (unsigned long) h % __JOMP_CRITICAL_SLOTS;
    for (int probes = 0; probes < __JOMP_CRITICAL_SLOTS; probes++) {
        long k = __nvvm_atom_cas_gen_ll(&__jomp_critical_keys[i], 0, h);
        if (k == 0 || k == h) return &__jomp_critical_locks[i];
        i = (i + 1) % __JOMP_CRITICAL_SLOTS;
    }
    return &__jomp_critical_locks[0];   /* more than 64 names: they share one lock */
}

void __jomp_critical_enter(const char *name) { __jomp_lock(__jomp_critical_lock(name)); }

void __jomp_critical_exit(const char *name) { __jomp_unlock(__jomp_critical_lock(name)); }

void __jomp_atomic_enter(void) { __jomp_lock(&__jomp_atomic_lock); }

void __jomp_atomic_exit(void) { __jomp_unlock(&__jomp_atomic_lock); }

void __jomp_reduce_enter(void) { __jomp_lock(&__jomp_reduce_lock); }

void __jomp_reduce_exit(void) { __jomp_unlock(&__jomp_reduce_lock); }

/* ---- worksharing loops: the host runtime's assignment rules (runtime/.../omp/Parallel.java) -- */

void __jomp_loop_init(int kind, long lower, long upper, long chunk) {
    struct __jomp_thread *self = __jomp_self();
    long trips = upper < lower ? 0 : upper - lower + 1;
    if (kind == 5) {   /* runtime: run-sched-var */
        kind = self->sched_var;
        chunk = self->chunk_var;
    }
    if (kind == 4) kind = 1;   /* auto */
    /* SPMD kernels have no schedule clause (TargetLowering): the default schedule on the device
     * is static with chunk 1, so that a warp's threads take neighbouring iterations (coalesced) */
    if (kind == 1 && chunk <= 0 && (__jomp_shared_team.mode & __JOMP_SPMD) && self->level == 1) chunk = 1;
    if (self->ordered_pending) {
        /* a team's part of a distributed loop starts above 0; nobody passes an ordered region
         * before this raise, as no iteration below lower exists */
        self->ordered_pending = 0;
        if (self->num == 0 && lower > 0) __nvvm_atom_max_gen_ll(self->ordered_next, lower);
    }
    self->loop_kind = kind;
    self->loop_lower = lower;
    self->loop_trips = trips;
    self->loop_chunk = chunk;
    self->loop_next = 0;
    if (kind == 1 || self->nthreads <= 1) {
        self->loop_kind = 1;
        return;
    }
    /* dynamic and guided: the team's counter for this loop, reset by thread 0 while every
     * thread is between the previous loop's start and this one's (the barrier below) */
    int seq = ++self->loop_seq;
    struct __jomp_dispatch *d = &__jomp_shared_team.loops[seq & 1];
    if (self->num == 0) {
        d->next = 0;
        d->trips = trips;
        d->chunk = chunk > 0 ? chunk : 1;
        d->kind = kind;
    }
    __jomp_barrier();
}

int __jomp_loop_next(void) {
    struct __jomp_thread *self = __jomp_self();
    long trips = self->loop_trips, chunk = self->loop_chunk, first, count;
    int n = self->nthreads;
    if (self->loop_kind == 1) {
        long k = self->loop_next++;
        if (n <= 1) n = 1;
        if (chunk <= 0) {
            if (k > 0) return 0;
            long q = trips / n, r = trips % n;   /* the first r threads take one extra iteration */
            first = self->num * q + (self->num < r ? self->num : r);
            count = q + (self->num < r ? 1 : 0);
        } else {
            first = (k * n + self->num) * chunk;
            count = trips - first < chunk ? trips - first : chunk;
        }
        if (first >= trips || count <= 0) return 0;
    } else {
        struct __jomp_dispatch *d = &__jomp_shared_team.loops[self->loop_seq & 1];
        chunk = d->chunk;
        if (d->kind == 3) {   /* guided: the remaining iterations over the threads, at least chunk */
            for (;;) {
                first = __jomp_ld_volatile_i64(&d->next);
                long left = trips - first;
                if (left <= 0) return 0;
                count = (left + n - 1) / n;
                if (count < chunk) count = chunk;
                if (count > left) count = left;
                if (__nvvm_atom_cas_gen_ll(&d->next, first, first + count) == first) break;
            }
        } else {
            first = __nvvm_atom_add_gen_ll(&d->next, chunk);
            if (first >= trips) return 0;
            count = trips - first < chunk ? trips - first : chunk;
        }
    }
    self->lower = self->loop_lower + first;
    self->upper = self->loop_lower + first + count - 1;
    return 1;
}

/* The distance from a static chunk of this thread to its next one (threads x chunk), which the
 * compiled loop steps by without calling __jomp_loop_next again: a grid-stride loop with the SPMD
 * default chunk of 1. 0 when chunks come one call at a time (dynamic, guided, or one static block). */
long __jomp_loop_stride(void) {
    struct __jomp_thread *self = __jomp_self();
    if (self->loop_kind != 1 || self->loop_chunk <= 0) return 0;
    int n = self->nthreads;
    return (n <= 1 ? 1 : n) * self->loop_chunk;
}

long __jomp_loop_lower(void) { return __jomp_self()->lower; }

long __jomp_loop_upper(void) { return __jomp_self()->upper; }

/* ---- ordered ------------------------------------------------------------------------------ */

void __jomp_ordered_loop(void) {
    struct __jomp_thread *self = __jomp_self();
    int seq = ++self->ordered_seq;
    long *next = &__jomp_shared_team.ordered[seq & 1];
    self->ordered_next = next;
    self->ordered_pending = 1;
    if (self->num == 0) __jomp_st_volatile_i64(next, 0);
    __jomp_barrier();
}

/* iv < 0: an orphaned ordered region (in a function the loop calls); the device does not track
   the iteration a thread runs (static schedules step without the runtime), so it runs unordered */
void __jomp_ordered_enter(long iv) {
    if (iv < 0) return;
    long *next = __jomp_self()->ordered_next;
    while (__jomp_ld_volatile_i64(next) < iv) {}
    __nvvm_membar_gl();
}

void __jomp_ordered_exit(long iv) {
    if (iv < 0) return;
    __nvvm_membar_gl();
    __jomp_st_volatile_i64(__jomp_self()->ordered_next, iv + 1);
}

void __jomp_ordered_end(long iv) {
    long *next = __jomp_self()->ordered_next;
    if (__jomp_ld_volatile_i64(next) > iv) return;
    __jomp_ordered_enter(iv);
    __jomp_ordered_exit(iv);
}

/* ---- teams -------------------------------------------------------------------------------- */

/* Each block is a team: its thread(s) running the kernel body run the teams region for it. */
void __jomp_teams(void (*fn)(int, void *), int numTeams, int threadLimit, void *args) {
    int team = __nvvm_read_ptx_sreg_ctaid_x();
    if (numTeams > 0 && team >= numTeams) return;   /* a launch wider than num_teams */
    if (__nvvm_read_ptx_sreg_tid_x() == 0) {
        __jomp_shared_team.thread_limit = threadLimit;
        int blocks = __nvvm_read_ptx_sreg_nctaid_x();
        __jomp_shared_team.num_teams = numTeams > 0 && numTeams < blocks ? numTeams : blocks;
    }
    if (__jomp_shared_team.mode & __JOMP_SPMD) __nvvm_barrier_sync(0);
    fn(team, args);
}

int omp_get_num_teams(void) {
    if (!(__jomp_shared_team.mode & __JOMP_TEAMS)) return 1;
    return __jomp_shared_team.num_teams;
}

int omp_get_team_num(void) {
    if (!(__jomp_shared_team.mode & __JOMP_TEAMS)) return 0;
    return __nvvm_read_ptx_sreg_ctaid_x();
}

/* The calling team's block of [lower, upper], or its first chunk (chunk > 0). */
int __jomp_distribute(long lower, long upper, long chunk, long *bounds) {
    struct __jomp_thread *self = __jomp_self();
    long trips = upper - lower + 1, first, count;
    if (trips <= 0) return 0;
    long teams = omp_get_num_teams(), team = omp_get_team_num();
    if (chunk <= 0) {
        long q = trips / teams, r = trips % teams;
        first = team * q + (team < r ? team : r);
        count = q + (team < r ? 1 : 0);
    } else {
        first = team * chunk;
        count = trips - first < chunk ? trips - first : chunk;
    }
    if (count <= 0 || first >= trips) return 0;
    bounds[0] = lower + first;
    bounds[1] = lower + first + count - 1;
    self->dist_upper = upper;
    self->dist_chunk = chunk;
    return 1;
}

int __jomp_distribute_next(long *bounds) {
    struct __jomp_thread *self = __jomp_self();
    long chunk = self->dist_chunk;
    if (chunk <= 0) return 0;
    long first = bounds[0] + omp_get_num_teams() * chunk;
    if (first > self->dist_upper) return 0;
    bounds[0] = first;
    bounds[1] = first + chunk - 1 < self->dist_upper ? first + chunk - 1 : self->dist_upper;
    return 1;
}

/* ---- omp_* queries -------------------------------------------------------------------------- */

int omp_get_thread_num(void) { return __jomp_self()->num; }

int omp_get_num_threads(void) { return __jomp_self()->nthreads; }

int omp_get_max_threads(void) {
    struct __jomp_thread *self = __jomp_self();
    return self->level > 0 || self->max_levels_var == 0 ? 1 : __jomp_team_size(self->nthreads_var);
}

int omp_get_thread_limit(void) {
    int limit = __jomp_shared_team.thread_limit, n = __nvvm_read_ptx_sreg_ntid_x();
    if (__jomp_icv_thread_limit > 0 && __jomp_icv_thread_limit < n) n = __jomp_icv_thread_limit;
    return limit > 0 && limit < n ? limit : n;
}

/* the ICV setters a target region may call (LLVM's device runtime has them too): the calling
 * thread's data environment */
void omp_set_num_threads(int n) { if (n > 0) __jomp_self()->nthreads_var = n; }

void omp_set_max_active_levels(int n) { if (n >= 0) __jomp_self()->max_levels_var = n > 0 ? 1 : 0; }

void omp_set_dynamic(int flag) {}

void omp_set_nested(int flag) {}

void omp_set_schedule(int kind, int chunk) {
    struct __jomp_thread *self = __jomp_self();
    int k = kind & 0x7fffffff;
    if (k < 1 || k > 4) return;
    self->sched_var = k;
    self->chunk_var = chunk > 0 ? chunk : 0;
}

int omp_in_parallel(void) { return __jomp_self()->active_level > 0; }

int omp_get_level(void) { return __jomp_self()->level; }

int omp_get_active_level(void) { return __jomp_self()->active_level; }

int omp_is_initial_device(void) { return 0; }

/* The device's number and how many devices there are: written by the host runtime when it loads
 * the image (Device.load), as libomptarget fills its device environment. */
int __jomp_device_num;
int __jomp_num_devices = 1;

int omp_get_device_num(void) { return __jomp_device_num; }

int omp_get_num_devices(void) { return __jomp_num_devices; }

/* OpenMP 5.x numbers the host after the devices */
int omp_get_initial_device(void) { return __jomp_num_devices; }

int omp_get_num_procs(void) { return __nvvm_read_ptx_sreg_ntid_x(); }

int omp_in_final(void) { return __jomp_self()->final_depth > 0; }
int omp_in_explicit_task(void) { return __jomp_self()->task_depth > 0; }
/* OpenMP 6.0: no free-agent threads on a device */
int omp_is_free_agent(void) { return 0; }
int omp_ancestor_is_free_agent(int level) { (void) level; return 0; }

int omp_get_dynamic(void) { return 0; }

int omp_get_nested(void) { return 0; }

int omp_get_max_active_levels(void) { return __jomp_self()->max_levels_var; }

int omp_get_cancellation(void) { return 0; }

/* seconds from the GPU's global nanosecond timer */
double omp_get_wtime(void) { return (double) __jomp_globaltimer() * 1e-9; }

double omp_get_wtick(void) { return 1e-9; }

/* nteams-var and teams-thread-limit-var: what a teams construct without num_teams or
 * thread_limit gets on this device */
int omp_get_max_teams(void) { return __jomp_icv_nteams; }

int omp_get_teams_thread_limit(void) { return __jomp_icv_teams_thread_limit; }

/* the team of an enclosing level: 0 is the initial (serial) one, a team of one */
int omp_get_team_size(int level) {
    struct __jomp_thread *self = __jomp_self();
    if (level < 0 || level > self->level) return -1;
    return level == self->level ? self->nthreads : level == 0 ? 1 : __jomp_shared_team.nthreads;
}

int omp_get_ancestor_thread_num(int level) {
    struct __jomp_thread *self = __jomp_self();
    if (level < 0 || level > self->level) return -1;
    if (level == 0) return 0;
    if (level == self->level) return self->num;
    return __nvvm_read_ptx_sreg_tid_x() < __jomp_shared_team.nthreads ? __nvvm_read_ptx_sreg_tid_x() : 0;
}

/* run-sched-var: the device's (static, no chunk, unless OMP_SCHEDULE_DEV says), or omp_set_schedule's */
void omp_get_schedule(int *kind, int *chunk) {
    struct __jomp_thread *self = __jomp_self();
    *kind = self->sched_var;
    *chunk = self->chunk_var;
}

int omp_get_proc_bind(void) { return 0; }

int omp_get_num_places(void) { return 0; }

int omp_get_place_num(void) { return -1; }

int omp_get_max_task_priority(void) { return 0; }

int omp_get_supported_active_levels(void) { return 1; }

/* default-device-var on a device: the device itself (dispatch in a region sets and restores it) */
int omp_get_default_device(void) { return __jomp_device_num; }

void omp_set_default_device(int device) {}

int omp_get_place_num_procs(int place) { return 0; }

void omp_get_place_proc_ids(int place, int *ids) {}

int omp_get_partition_num_places(void) { return 0; }

void omp_get_partition_place_nums(int *nums) {}

void omp_set_num_teams(int n) { if (n > 0) __jomp_icv_nteams = n; }

void omp_set_teams_thread_limit(int n) { if (n > 0) __jomp_icv_teams_thread_limit = n; }

/* target device(ancestor: 1): no reverse offload through the CUDA plugin yet, so the GPU runs the
 * region itself (docs/user-guide.md says so) */
void __jomp_ancestor_enter(void) {}

void __jomp_ancestor_exit(void) {}

/* ---- locks: a word in the lock object (omp_lock_t holds one pointer) ------------------------ */

struct __jomp_omp_lock { long word; };

void omp_init_lock(struct __jomp_omp_lock *lock) { __jomp_st_volatile_i64(&lock->word, 0); }

void omp_init_lock_with_hint(struct __jomp_omp_lock *lock, int hint) { omp_init_lock(lock); }

void omp_destroy_lock(struct __jomp_omp_lock *lock) {}

void omp_set_lock(struct __jomp_omp_lock *lock) { __jomp_lock((int *) &lock->word); }

void omp_unset_lock(struct __jomp_omp_lock *lock) { __jomp_unlock((int *) &lock->word); }

int omp_test_lock(struct __jomp_omp_lock *lock) {
    if (__nvvm_atom_cas_gen_i((int *) &lock->word, 0, 1) != 0) return 0;
    __nvvm_membar_gl();
    return 1;
}

/* nestable: the owner (its global thread number + 1) in the high half of the word, the depth in
 * the low half; only the owner changes a held lock */
long __jomp_lock_owner(void) {
    return ((long) __nvvm_read_ptx_sreg_ctaid_x() * __nvvm_read_ptx_sreg_ntid_x() + __nvvm_read_ptx_sreg_tid_x() + 1) << 32;
}

void omp_init_nest_lock(struct __jomp_omp_lock *lock) { __jomp_st_volatile_i64(&lock->word, 0); }

void omp_init_nest_lock_with_hint(struct __jomp_omp_lock *lock, int hint) { omp_init_nest_lock(lock); }

void omp_destroy_nest_lock(struct __jomp_omp_lock *lock) {}

int omp_test_nest_lock(struct __jomp_omp_lock *lock) {
    long me = __jomp_lock_owner();
    long w = __jomp_ld_volatile_i64(&lock->word);
    if (w != 0 && (w & ~0xffffffffL) == me) {
        __jomp_st_volatile_i64(&lock->word, w + 1);
        return (int) (w + 1 - me);
    }
    if (w != 0 || __nvvm_atom_cas_gen_ll(&lock->word, 0, me + 1) != 0) return 0;
    __nvvm_membar_gl();
    return 1;
}

void omp_set_nest_lock(struct __jomp_omp_lock *lock) {
    while (omp_test_nest_lock(lock) == 0) {}
}

void omp_unset_nest_lock(struct __jomp_omp_lock *lock) {
    long w = __jomp_ld_volatile_i64(&lock->word);
    __nvvm_membar_gl();
    if ((w & 0xffffffffL) == 1) __nvvm_atom_xchg_gen_ll(&lock->word, 0);
    else __jomp_st_volatile_i64(&lock->word, w - 1);
}

/* ---- memory: every allocator is the device heap; a header before each block keeps what
 * omp_free and omp_realloc need (the heap block and the size). Allocators made by
 * omp_init_allocator keep their alignment trait in a heap record (its address is the handle). --- */

long __jomp_allocator_alignment(unsigned long allocator) {
    if (allocator < 0x10000) return 16;
    long a = *(long *) allocator;
    return a > 16 ? a : 16;
}

void *__jomp_omp_alloc(__jomp_size_t size, __jomp_size_t alignment, unsigned long allocator, int zero) {
    if (size == 0) return 0;
    if (alignment & (alignment - 1)) return 0;
    __jomp_size_t align = __jomp_allocator_alignment(allocator);
    if (alignment > align) align = alignment;
    char *base = (char *) malloc(size + 32 + align);
    if (!base) return 0;
    char *p = (char *) (((unsigned long) base + 32 + align - 1) & ~(unsigned long) (align - 1));
    ((long *) p)[-1] = (long) base;
    ((long *) p)[-2] = (long) size;
    if (zero) for (__jomp_size_t i = 0; i < size; i++) p[i] = 0;
    return p;
}

void *omp_alloc(__jomp_size_t size, unsigned long allocator) { return __jomp_omp_alloc(size, 0, allocator, 0); }

void *omp_aligned_alloc(__jomp_size_t alignment, __jomp_size_t size, unsigned long allocator) {
    return __jomp_omp_alloc(size, alignment, allocator, 0);
}

void *omp_calloc(__jomp_size_t n, __jomp_size_t size, unsigned long allocator) { return __jomp_omp_alloc(n * size, 0, allocator, 1); }

void *omp_aligned_calloc(__jomp_size_t alignment, __jomp_size_t n, __jomp_size_t size, unsigned long allocator) {
    return __jomp_omp_alloc(n * size, alignment, allocator, 1);
}

void omp_free(void *p, unsigned long allocator) { if (p) free((void *) ((long *) p)[-1]); }

void *omp_realloc(void *p, __jomp_size_t size, unsigned long allocator, unsigned long free_allocator) {
    if (!p) return omp_alloc(size, allocator);
    if (size == 0) { omp_free(p, free_allocator); return 0; }
    char *q = (char *) omp_alloc(size, allocator);
    if (!q) return 0;
    __jomp_size_t old = ((long *) p)[-2];
    for (__jomp_size_t i = 0; i < old && i < size; i++) q[i] = ((char *) p)[i];
    omp_free(p, free_allocator);
    return q;
}

struct __jomp_alloctrait { int key; unsigned long value; };

unsigned long omp_init_allocator(unsigned long memspace, int ntraits, struct __jomp_alloctrait *traits) {
    long *a = (long *) malloc(16);
    if (!a) return 0;
    a[0] = 1;
    for (int i = 0; i < ntraits; i++) if (traits[i].key == 2 && traits[i].value != (unsigned long) -1) a[0] = traits[i].value;
    return (unsigned long) a;
}

void omp_destroy_allocator(unsigned long allocator) { if (allocator >= 0x10000) free((void *) allocator); }

unsigned long __jomp_default_allocator = 1;

void omp_set_default_allocator(unsigned long allocator) { __jomp_default_allocator = allocator; }

unsigned long omp_get_default_allocator(void) { return __jomp_default_allocator; }

/* ---- team stack: the frames of the serial part that a parallel region shares ----------------- */

/* PtxBackend allocates a function's frame slots whose addresses escape here. In generic mode the
 * team's serial part (level 0, not SPMD) gets memory all threads of the block can reach: the
 * block's stack in shared memory, else the heap; 0 tells the caller to use its local frame. */
void *__jomp_frame_push(long size) {
    struct __jomp_team *team = &__jomp_shared_team;
    struct __jomp_thread *self = __jomp_self();
    if (self->level > 0 || (team->mode & __JOMP_SPMD)) return 0;
    size = (size + 15) & ~15L;
    char *top = team->stack_top;
    if (top + size <= __jomp_shared_stack + __JOMP_STACK_SIZE) {
        team->stack_top = top + size;
        return top;
    }
    return malloc(size);
}

/* The frame part of a function that publishes addresses in it to the team (single copyprivate):
 * memory every thread of the block can reach, never 0 (a thread's local memory is its own). */
void *__jomp_frame_push_team(long size) {
    void *p = __jomp_frame_push(size);
    return p ? p : malloc((size + 15) & ~15L);
}

/* At the return of a function whose __jomp_frame_push gave p (not 0). */
void __jomp_frame_pop(void *p) {
    char *c = (char *) p;
    if (c >= __jomp_shared_stack && c < __jomp_shared_stack + __JOMP_STACK_SIZE) __jomp_shared_team.stack_top = c;
    else free(p);
}

/* ---- printf ------------------------------------------------------------------------------- */

/* C's vprintf: the arguments in 8-byte slots (jomp's va_list), repacked at their natural
 * alignment for CUDA's vprintf as the format says. At most 32 arguments. */
int __jomp_vprintf(const char *fmt, long *slots) {
    long buf[32];
    char *out = (char *) buf;
    int off = 0, k = 0;
    const char *p = fmt;
    while (*p) {
        if (*p++ != '%') continue;
        if (*p == '%') { p++; continue; }
        while (*p == '-' || *p == '+' || *p == ' ' || *p == '#' || *p == '0' || *p == '\'') p++;
        int star = 0;
        if (*p == '*') { star++; p++; }
        while (*p >= '0' && *p <= '9') p++;
        if (*p == '.') {
            p++;
            if (*p == '*') { star++; p++; }
            while (*p >= '0' && *p <= '9') p++;
        }
        int wide = 0;
        while (*p == 'h' || *p == 'l' || *p == 'L' || *p == 'q' || *p == 'j' || *p == 'z' || *p == 't') {
            if (*p != 'h') wide = 1;
            p++;
        }
        char c = *p;
        if (!c) break;
        p++;
        for (; star > 0 && k < 32; star--) {
            off = (off + 3) & ~3;
            *(int *) (out + off) = (int) slots[k++];
            off += 4;
        }
        if (k >= 32 || off > 8 * 31) break;
        if (c == 'd' || c == 'i' || c == 'u' || c == 'o' || c == 'x' || c == 'X' || c == 'c') {
            if (wide && c != 'c') {
                off = (off + 7) & ~7;
                *(long *) (out + off) = slots[k++];
                off += 8;
            } else {
                off = (off + 3) & ~3;
                *(int *) (out + off) = (int) slots[k++];
                off += 4;
            }
        } else {
            off = (off + 7) & ~7;
            *(long *) (out + off) = slots[k++];
            off += 8;
        }
    }
    return vprintf(fmt, buf);
}

/* ---- SPMD kernels: the paths of the entries above when the mode is known ---------------------
 * PtxBackend (SpmdSpecialization) calls these instead of the generic entries in code that it
 * knows runs only in an SPMD kernel: the kernel and its teams region (level 0), and the parallel
 * region that the teams region forks (level 1, a team of the whole block). Each does what the
 * generic entry does in that case, without the generic mode's state machine, team stack and
 * dispatch, so that such a kernel carries none of them (as LLVM's OpenMPOpt folds its runtime's
 * mode checks for SPMD kernels). */

/* __jomp_target_init for a kernel in SPMD mode: every thread runs the body. */
int __jomp_spmd_init(int mode, struct __jomp_thread *self) {
    int tid = __nvvm_read_ptx_sreg_tid_x();
    if (!(mode & __JOMP_TEAMS) && __nvvm_read_ptx_sreg_ctaid_x() != 0) return 0;
    __jomp_shared_threads[tid] = self;
    self->level = 0;
    self->active_level = 0;
    __jomp_thread_icvs(self);
    __jomp_thread_reset(self, 0, 1);
    if (tid == 0) {
        struct __jomp_team *team = &__jomp_shared_team;
        team->work = 0;
        team->mode = mode;
        team->thread_limit = 0;
        team->num_teams = __nvvm_read_ptx_sreg_nctaid_x();
        team->nthreads = 1;
        team->bar_count = 0;
        team->bar_gen = 0;
        team->single = 0;
        team->stack_top = __jomp_shared_stack;
        team->copyprivate = 0;
    }
    __nvvm_barrier_sync(0);
    return 1;
}

/* __jomp_teams in an SPMD kernel, up to the call of the teams region: the team number this
 * block's threads run it as, or -1 in a block beyond num_teams. The arguments are the same in
 * every thread of the block, so all or none of them take the barrier. */
int __jomp_spmd_teams(int numTeams, int threadLimit) {
    int team = __nvvm_read_ptx_sreg_ctaid_x();
    if (numTeams > 0 && team >= numTeams) return -1;
    if (numTeams > 0 || threadLimit > 0) {   /* else __jomp_spmd_init's values stand */
        if (__nvvm_read_ptx_sreg_tid_x() == 0) {
            __jomp_shared_team.thread_limit = threadLimit;
            int blocks = __nvvm_read_ptx_sreg_nctaid_x();
            __jomp_shared_team.num_teams = numTeams > 0 && numTeams < blocks ? numTeams : blocks;
        }
        __nvvm_barrier_sync(0);
    }
    return team;
}

/* __jomp_fork from an SPMD kernel's teams region, before the call of the parallel region: every
 * thread of the block is the thread of its number. Returns that number. */
int __jomp_spmd_fork_begin(void) {
    struct __jomp_thread *self = __jomp_self();
    int tid = __nvvm_read_ptx_sreg_tid_x();
    __jomp_thread_reset(self, tid, __nvvm_read_ptx_sreg_ntid_x());
    self->level = 1;
    self->active_level = 1;
    return tid;
}

/* ... and after it: the thread is the team's initial thread again. The sequence numbers of
 * singles, loops and ordered regions need no reset: the next parallel region's
 * __jomp_spmd_fork_begin resets them in every thread. */
void __jomp_spmd_fork_end(void) {
    struct __jomp_thread *self = __jomp_self();
    self->num = 0;
    self->nthreads = 1;
    self->level = 0;
    self->active_level = 0;
}

/* __jomp_loop_init of a static loop (static, auto, runtime) in the parallel region of an SPMD
 * kernel: without a chunk, chunk 1 (coalesced), as __jomp_loop_init decides there. */
void __jomp_spmd_loop_init(long lower, long upper, long chunk) {
    struct __jomp_thread *self = __jomp_self();
    if (self->ordered_pending) {
        self->ordered_pending = 0;
        if (self->num == 0 && lower > 0) __nvvm_atom_max_gen_ll(self->ordered_next, lower);
    }
    self->loop_kind = 1;
    self->loop_lower = lower;
    self->loop_trips = upper < lower ? 0 : upper - lower + 1;
    self->loop_chunk = chunk > 0 ? chunk : 1;
    self->loop_next = 0;
}

/* __jomp_loop_next after __jomp_spmd_loop_init: the thread's next chunk of the static rule. */
int __jomp_spmd_loop_next(void) {
    struct __jomp_thread *self = __jomp_self();
    long chunk = self->loop_chunk, trips = self->loop_trips;
    long first = (self->loop_next++ * self->nthreads + self->num) * chunk;
    if (first >= trips) return 0;
    self->lower = self->loop_lower + first;
    self->upper = self->loop_lower + (trips - first < chunk ? trips : first + chunk) - 1;
    return 1;
}

/* __jomp_loop_stride after __jomp_spmd_loop_init. */
long __jomp_spmd_loop_stride(void) {
    struct __jomp_thread *self = __jomp_self();
    return self->nthreads * self->loop_chunk;
}

/* __jomp_barrier in the parallel region of an SPMD kernel: its team is the whole block. */
void __jomp_spmd_barrier(void) { __nvvm_barrier_sync(1); }

/* ---- declare target indirect ------------------------------------------------------------- */

/* The program's indirect functions as (host address, device address) pairs sorted by host
 * address, written with their count by the host runtime when it loads the image (the runtime's
 * IndirectFunctions, from the slots of every translation unit); every indirect call of device code
 * asks __jomp_indirect_lookup first (offload.IndirectCallTable), as libomptarget's
 * __llvm_omp_indirect_call_lookup. An address not in the table (a device function's) is returned
 * as it is. */
struct __jomp_indirect_pair { unsigned long host; void *device; };
struct __jomp_indirect_pair *__jomp_indirect_table;
int __jomp_indirect_count;

void *__jomp_indirect_lookup(void *p) {
    unsigned long key = (unsigned long) p;
    int lo = 0, hi = __jomp_indirect_count - 1;
    while (lo <= hi) {
        int mid = (lo + hi) >> 1;
        unsigned long h = __jomp_indirect_table[mid].host;
        if (h == key) return __jomp_indirect_table[mid].device;
        if (h < key) lo = mid + 1;
        else hi = mid - 1;
    }
    return p;
}

/* ---- LLVM's extensions on the GPU: ompx.h's kernel language, as its device runtime defines it
 * (thread and block numbers and sizes per dimension, the block barrier, warp ballots and
 * shuffles), and the dynamic shared memory jomp launches without (NULL) ---------------------- */

int ompx_thread_id(int dim) {
    return dim == 0 ? __nvvm_read_ptx_sreg_tid_x() : dim == 1 ? __nvvm_read_ptx_sreg_tid_y() : __nvvm_read_ptx_sreg_tid_z();
}

int ompx_block_dim(int dim) {
    return dim == 0 ? __nvvm_read_ptx_sreg_ntid_x() : dim == 1 ? __nvvm_read_ptx_sreg_ntid_y() : __nvvm_read_ptx_sreg_ntid_z();
}

int ompx_block_id(int dim) {
    return dim == 0 ? __nvvm_read_ptx_sreg_ctaid_x() : dim == 1 ? __nvvm_read_ptx_sreg_ctaid_y() : __nvvm_read_ptx_sreg_ctaid_z();
}

int ompx_grid_dim(int dim) {
    return dim == 0 ? __nvvm_read_ptx_sreg_nctaid_x() : dim == 1 ? __nvvm_read_ptx_sreg_nctaid_y() : __nvvm_read_ptx_sreg_nctaid_z();
}

/* the block barrier: the team's (the whole block in an SPMD kernel; in generic mode the threads of
 * the parallel region, which waiting workers outside it never reach) */
void ompx_sync_block(int ordering) { __nvvm_membar_cta(); __jomp_barrier(); }

void ompx_sync_block_acq_rel(void) { ompx_sync_block(4); }

void ompx_sync_block_divergent(int ordering) { ompx_sync_block(ordering); }

unsigned long ompx_ballot_sync(unsigned long mask, int pred) { return (unsigned) __nvvm_vote_ballot_sync((int) mask, pred); }

/* CUDA's __shfl_down_sync: lanes of a segment of `width` read the lane delta above them, else their own value */
int ompx_shfl_down_sync_i(unsigned long mask, int var, unsigned delta, int width) {
    return __nvvm_shfl_sync_down_i32((int) mask, var, (int) delta, ((32 - width) << 8) | 0x1f);
}

float ompx_shfl_down_sync_f(unsigned long mask, float var, unsigned delta, int width) {
    union { float f; int i; } u;
    u.f = var;
    u.i = ompx_shfl_down_sync_i(mask, u.i, delta, width);
    return u.f;
}

long ompx_shfl_down_sync_l(unsigned long mask, long var, unsigned delta, int width) {
    int lo = ompx_shfl_down_sync_i(mask, (int) var, delta, width), hi = ompx_shfl_down_sync_i(mask, (int) (var >> 32), delta, width);
    return (long) (unsigned) lo | (long) hi << 32;
}

double ompx_shfl_down_sync_d(unsigned long mask, double var, unsigned delta, int width) {
    union { double d; long l; } u;
    u.d = var;
    u.l = ompx_shfl_down_sync_l(mask, u.l, delta, width);
    return u.d;
}

void *llvm_omp_target_dynamic_shared_alloc(void) { return 0; }

void *llvm_omp_get_dynamic_shared(void) { return 0; }
