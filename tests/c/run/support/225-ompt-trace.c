/* An OMPT tool (OpenMP 5.2 chapter 19) that writes what it sees in a canonical form: the same for
   any interleaving of the threads, so that two runtimes can be compared line by line (OmptTest runs
   it under jomp and under clang-19's libomp). Linked into a program (225-229) it is found as the
   program's ompt_start_tool; built as a shared library it is found through OMP_TOOL_LIBRARIES.
   The trace goes to the file OMPT_TRACE names, else to stderr, when the tool is finalized.

   The form: the answers of ompt_set_callback; the events of the initial task in order (the program's
   sequential part: its parallel regions' begin and end, locks, tasks, target constructs, device data
   operations); then, for each parallel region (numbered in the order its encountering task starts
   them: "2.1" is the first region inside region 2), how many times each event happened in it, as
   "every thread" when each of its threads saw it once (xN: N times); then the devices the target
   events named, and what the tool checked of the runtime entry points. Left out as the runtime's
   own choice: implementation barriers and reduction events (how a reduction combines), the chunks
   of worksharing loops (libomp reports one per thread for static schedules), the order of
   task dependences, wait ids, the mutex implementation and code pointers. OMPT_TRACE_EMI=1 makes it
   use the EMI target callbacks (target_emi, target_data_op_emi, ...) instead of the older ones;
   OMPT_TRACE_INIT=0 makes its initialize decline (no callback, no finalize, no trace); built with
   -DOMPT_TRACE_DECLINE its ompt_start_tool returns NULL (the runtime goes on searching). */
#include <omp-tools.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_LINES 4096

static ompt_set_callback_t set_callback;
static ompt_get_thread_data_t get_thread_data;
static ompt_get_parallel_info_t get_parallel_info;
static ompt_get_task_info_t get_task_info;
static ompt_get_unique_id_t get_unique_id;
static ompt_enumerate_states_t enumerate_states;
static ompt_enumerate_mutex_impls_t enumerate_mutex_impls;
static ompt_get_state_t get_state;
static ompt_get_target_info_t get_target_info;
static ompt_get_num_devices_t get_num_devices;

/* ---- the trace: lines of the initial task in order, and counts per region and event */

static volatile int lock_word;
static void lock(void) { while (__sync_lock_test_and_set(&lock_word, 1)) { } }
static void unlock(void) { __sync_lock_release(&lock_word); }

static char *sequence[MAX_LINES];
static int sequence_len;

struct count { char region[32]; char key[192]; int n; };
static struct count counts[MAX_LINES];
static int counts_len;

struct region { char label[32]; int team; };
static struct region regions[256];
static int regions_len;

static char settings[64][64];
static int settings_len;
static char problems[16][120];
static int problems_len;
static int workers_begun, workers_ended, checks;
static int devices[64], devices_len;
static int device_inits[64], device_loads[64], device_unloads[64], device_finals[64];

static void problem(const char *what) {
  lock();
  int seen = 0;
  for (int i = 0; i < problems_len; i++) if (strcmp(problems[i], what) == 0) seen = 1;
  if (!seen && problems_len < 16) snprintf(problems[problems_len++], sizeof problems[0], "%s", what);
  unlock();
}

/* tool data: a task's (and a parallel region's) label, and how many regions the task has started */
struct label { char text[32]; int children; };

static const char *label_of(ompt_data_t *d) {
  return d && d->ptr ? ((struct label *) d->ptr)->text : "?";
}

static struct label *new_label(const char *text) {
  struct label *l = calloc(1, sizeof *l);
  snprintf(l->text, sizeof l->text, "%s", text);
  return l;
}

/* an event: in the initial task's sequence (region ""), else counted for its region */
static void event(const char *region, const char *key) {
  lock();
  if (region[0] == 0) {
    if (sequence_len < MAX_LINES) sequence[sequence_len++] = strdup(key);
  } else {
    int i;
    for (i = 0; i < counts_len; i++) if (strcmp(counts[i].region, region) == 0 && strcmp(counts[i].key, key) == 0) break;
    if (i == counts_len && counts_len < MAX_LINES) {
      snprintf(counts[i].region, sizeof counts[i].region, "%s", region);
      snprintf(counts[i].key, sizeof counts[i].key, "%s", key);
      counts[i].n = 0;
      counts_len++;
    }
    if (i < MAX_LINES) counts[i].n++;
  }
  unlock();
}

/* the region of the task the calling thread runs (for events that name no task) */
static const char *current_region(void) {
  ompt_data_t *task = NULL;
  if (get_task_info(0, NULL, &task, NULL, NULL, NULL) != 2 && task == NULL) return "?";
  return label_of(task);
}

/* the thread's own data must be what ompt_get_thread_data answers in each callback */
static _Thread_local ompt_data_t *my_thread_data;
static void check_thread(void) {
  ompt_data_t *d = get_thread_data();
  if (d == NULL || (my_thread_data != NULL && d != my_thread_data)) problem("ompt_get_thread_data differs from thread_begin's");
}

/* ---- names */

static const char *sync_name(int k) {
  switch (k) {
  case ompt_sync_region_barrier_explicit: return "barrier_explicit";
  case ompt_sync_region_barrier_implementation: return "barrier_implementation";
  case ompt_sync_region_taskwait: return "taskwait";
  case ompt_sync_region_taskgroup: return "taskgroup";
  case ompt_sync_region_reduction: return "reduction";
  case ompt_sync_region_barrier_implicit_workshare: return "barrier_implicit_workshare";
  case ompt_sync_region_barrier_implicit_parallel: return "barrier_implicit_parallel";
  case ompt_sync_region_barrier_teams: return "barrier_teams";
  default: return "barrier_other";
  }
}

static const char *work_name(int w) {
  switch (w) {
  case ompt_work_loop: return "loop";
  case ompt_work_sections: return "sections";
  case ompt_work_single_executor: return "single_executor";
  case ompt_work_single_other: return "single_other";
  case ompt_work_workshare: return "workshare";
  case ompt_work_distribute: return "distribute";
  case ompt_work_taskloop: return "taskloop";
  case ompt_work_scope: return "scope";
  case ompt_work_loop_static: return "loop_static";
  case ompt_work_loop_dynamic: return "loop_dynamic";
  case ompt_work_loop_guided: return "loop_guided";
  default: return "loop_other";
  }
}

static const char *mutex_name(int k) {
  switch (k) {
  case ompt_mutex_lock: return "lock";
  case ompt_mutex_test_lock: return "test_lock";
  case ompt_mutex_nest_lock: return "nest_lock";
  case ompt_mutex_test_nest_lock: return "test_nest_lock";
  case ompt_mutex_critical: return "critical";
  case ompt_mutex_atomic: return "atomic";
  case ompt_mutex_ordered: return "ordered";
  default: return "mutex_other";
  }
}

static const char *endpoint(int e) { return e == ompt_scope_begin ? "begin" : e == ompt_scope_end ? "end" : "beginend"; }

static void task_flags(int f, char *out, size_t n) {
  snprintf(out, n, "%s%s%s%s%s%s%s%s", f & ompt_task_initial ? "initial" : f & ompt_task_implicit ? "implicit" : "explicit",
           f & ompt_task_target ? "|target" : "", f & ompt_task_undeferred ? "|undeferred" : "", f & ompt_task_untied ? "|untied" : "",
           f & ompt_task_final ? "|final" : "", f & ompt_task_mergeable ? "|mergeable" : "", f & ompt_task_merged ? "|merged" : "",
           f & ompt_task_taskwait ? "|taskwait" : "");
}

/* ---- threads */

static _Thread_local int my_thread_type;

static void on_thread_begin(ompt_thread_t type, ompt_data_t *thread_data) {
  my_thread_data = thread_data;
  my_thread_type = type;
  thread_data->value = get_unique_id();
  if (type == ompt_thread_initial) {
    event("", "thread_begin initial");
  } else {
    lock();
    workers_begun++;
    unlock();
  }
  check_thread();
}

static void on_thread_end(ompt_data_t *thread_data) {
  if (thread_data != my_thread_data) problem("thread_end's data is not the thread's");
  if (my_thread_type == ompt_thread_initial) {
    event("", "thread_end initial");
  } else {
    lock();
    workers_ended++;
    unlock();
  }
}

/* ---- parallel regions and implicit tasks */

static void on_parallel_begin(ompt_data_t *encountering_task, const ompt_frame_t *frame, ompt_data_t *parallel_data,
                              unsigned int requested, int flags, const void *codeptr) {
  (void) frame; (void) codeptr;
  check_thread();
  struct label *enc = encountering_task->ptr;
  char text[32], key[192];
  int k = enc ? ++enc->children : 0;
  if (enc == NULL || enc->text[0] == 0) snprintf(text, sizeof text, "%d", k);
  else snprintf(text, sizeof text, "%.16s.%d", enc->text, k);
  parallel_data->ptr = new_label(text);
  snprintf(key, sizeof key, "parallel_begin %s requested=%u %s", text, requested,
           flags & ompt_parallel_league ? "league" : "team");
  event(enc ? enc->text : "?", key);
}

static void on_parallel_end(ompt_data_t *parallel_data, ompt_data_t *encountering_task, int flags, const void *codeptr) {
  (void) codeptr;
  check_thread();
  char key[192];
  snprintf(key, sizeof key, "parallel_end %s %s", label_of(parallel_data), flags & ompt_parallel_league ? "league" : "team");
  event(label_of(encountering_task), key);
}

static void on_implicit_task(ompt_scope_endpoint_t ep, ompt_data_t *parallel_data, ompt_data_t *task_data,
                             unsigned int actual, unsigned int index, int flags) {
  (void) index;
  check_thread();
  char key[192], f[96];
  task_flags(flags, f, sizeof f);
  if (ep == ompt_scope_begin) {
    const char *region = (flags & ompt_task_initial) && parallel_data && parallel_data->ptr == NULL ? "" : label_of(parallel_data);
    task_data->ptr = new_label(region);
    if (region[0] != 0) {
      lock();
      int i;
      for (i = 0; i < regions_len; i++) if (strcmp(regions[i].label, region) == 0) break;
      if (i == regions_len && regions_len < 256) {
        snprintf(regions[i].label, sizeof regions[i].label, "%s", region);
        regions[i].team = (int) actual;
        regions_len++;
      }
      unlock();
      /* inside the region: the runtime must know it, and the team */
      ompt_data_t *pd = NULL;
      int size = 0;
      if (get_parallel_info(0, &pd, &size) != 2 || pd != parallel_data || size != (int) actual) problem("ompt_get_parallel_info(0) is not the implicit task's region");
      ompt_data_t *td = NULL;
      int tf = 0;
      if (get_task_info(0, &tf, &td, NULL, NULL, NULL) != 2 || td != task_data) problem("ompt_get_task_info(0) is not the implicit task");
      /* one level up: the encountering task, whose label is the region's without its last number
         ("" for a region the initial task starts); in a nested region, the enclosing region too */
      if (flags & ompt_task_implicit) {
        char parent[32];
        snprintf(parent, sizeof parent, "%s", region);
        char *dot = strrchr(parent, '.');
        if (dot) *dot = 0; else parent[0] = 0;
        ompt_data_t *up = NULL;
        if (get_task_info(1, NULL, &up, NULL, NULL, NULL) != 2 || strcmp(label_of(up), parent) != 0)
          problem("ompt_get_task_info(1) is not the encountering task");
        ompt_data_t *outer = NULL;
        int outer_size = 0;
        if (dot && (get_parallel_info(1, &outer, &outer_size) != 2 || strcmp(label_of(outer), parent) != 0 || outer_size < 1))
          problem("ompt_get_parallel_info(1) is not the enclosing region");
      }
      lock();
      checks++;
      unlock();
    }
    snprintf(key, sizeof key, "implicit_task begin %s actual=%u", f, actual);
    event(region, key);
  } else {
    snprintf(key, sizeof key, "implicit_task end %s", f);
    event(label_of(task_data), key);
  }
}

/* ---- worksharing and synchronization */

/* dispatches are compared with the work they share out, not between runtimes: libomp dispatches once
   per thread for a sections construct and for a static loop, where OpenMP has one per section and chunk */
struct dispatched {
  char region[32];
  long long sections, sections_work, iterations, loop_work, distributed, distribute_work, taskloop, taskloop_work;
};
static struct dispatched dispatched[256];
static int dispatched_len;

static struct dispatched *dispatched_in(const char *region) {
  int i;
  for (i = 0; i < dispatched_len; i++) if (strcmp(dispatched[i].region, region) == 0) return &dispatched[i];
  if (dispatched_len == 256) return &dispatched[255];
  snprintf(dispatched[i].region, sizeof dispatched[i].region, "%s", region);
  dispatched_len++;
  return &dispatched[i];
}


static void on_work(ompt_work_t type, ompt_scope_endpoint_t ep, ompt_data_t *parallel_data, ompt_data_t *task_data,
                    uint64_t count, const void *codeptr) {
  (void) parallel_data; (void) codeptr;
  check_thread();
  char key[192];
  snprintf(key, sizeof key, "work %s %s count=%llu", work_name(type), endpoint(ep), (unsigned long long) count);
  event(label_of(task_data), key);
  if (ep != ompt_scope_begin) return;
  lock();
  struct dispatched *d = dispatched_in(label_of(task_data));
  if (type == ompt_work_sections) d->sections_work += (long long) count;
  else if (type == ompt_work_distribute) d->distribute_work += (long long) count;
  else if (type == ompt_work_taskloop) d->taskloop_work += (long long) count;
  else if (type == ompt_work_loop || (type >= ompt_work_loop_static && type <= ompt_work_loop_other)) d->loop_work += (long long) count;
  unlock();
}

static void on_dispatch(ompt_data_t *parallel_data, ompt_data_t *task_data, ompt_dispatch_t kind, ompt_data_t instance) {
  (void) parallel_data;
  check_thread();
  lock();
  struct dispatched *d = dispatched_in(label_of(task_data));
  ompt_dispatch_chunk_t *chunk = instance.ptr;
  if (kind == ompt_dispatch_section) d->sections++;
  else if (kind == ompt_dispatch_ws_loop_chunk && chunk) d->iterations += (long long) chunk->iterations;
  else if (kind == ompt_dispatch_distribute_chunk && chunk) d->distributed += (long long) chunk->iterations;
  else if (kind == ompt_dispatch_taskloop_chunk && chunk) d->taskloop += (long long) chunk->iterations;
  unlock();
}

static void sync(const char *what, ompt_sync_region_t kind, ompt_scope_endpoint_t ep, ompt_data_t *task_data) {
  if (kind == ompt_sync_region_barrier_implementation || kind == ompt_sync_region_reduction) return;
  char key[192];
  snprintf(key, sizeof key, "%s %s %s", what, sync_name(kind), endpoint(ep));
  event(label_of(task_data), key);
}

static void on_sync_region(ompt_sync_region_t kind, ompt_scope_endpoint_t ep, ompt_data_t *parallel_data,
                           ompt_data_t *task_data, const void *codeptr) {
  (void) parallel_data; (void) codeptr;
  check_thread();
  sync("sync_region", kind, ep, task_data);
}

static void on_sync_region_wait(ompt_sync_region_t kind, ompt_scope_endpoint_t ep, ompt_data_t *parallel_data,
                                ompt_data_t *task_data, const void *codeptr) {
  (void) parallel_data; (void) codeptr;
  check_thread();
  sync("sync_region_wait", kind, ep, task_data);
}

static void on_reduction(ompt_sync_region_t kind, ompt_scope_endpoint_t ep, ompt_data_t *parallel_data,
                         ompt_data_t *task_data, const void *codeptr) {
  (void) kind; (void) ep; (void) parallel_data; (void) task_data; (void) codeptr;
  check_thread();
}

static void on_masked(ompt_scope_endpoint_t ep, ompt_data_t *parallel_data, ompt_data_t *task_data, const void *codeptr) {
  (void) parallel_data; (void) codeptr;
  check_thread();
  event(label_of(task_data), ep == ompt_scope_begin ? "masked begin" : "masked end");
}

static void mutex_event(const char *what, int kind, int hint) {
  char key[192];
  if (hint >= 0) snprintf(key, sizeof key, "%s %s hint=%d", what, mutex_name(kind), hint);
  else snprintf(key, sizeof key, "%s %s", what, mutex_name(kind));
  event(current_region(), key);
}

static void on_mutex_acquire(ompt_mutex_t kind, unsigned int hint, unsigned int impl, ompt_wait_id_t wait_id, const void *codeptr) {
  (void) impl; (void) wait_id; (void) codeptr;
  check_thread();
  mutex_event("mutex_acquire", kind, (int) hint);
}

static void on_mutex_acquired(ompt_mutex_t kind, ompt_wait_id_t wait_id, const void *codeptr) {
  (void) wait_id; (void) codeptr;
  check_thread();
  mutex_event("mutex_acquired", kind, -1);
}

static void on_mutex_released(ompt_mutex_t kind, ompt_wait_id_t wait_id, const void *codeptr) {
  (void) wait_id; (void) codeptr;
  check_thread();
  mutex_event("mutex_released", kind, -1);
}

static void on_lock_init(ompt_mutex_t kind, unsigned int hint, unsigned int impl, ompt_wait_id_t wait_id, const void *codeptr) {
  (void) impl; (void) wait_id; (void) codeptr;
  check_thread();
  mutex_event("lock_init", kind, (int) hint);
}

static void on_lock_destroy(ompt_mutex_t kind, ompt_wait_id_t wait_id, const void *codeptr) {
  (void) wait_id; (void) codeptr;
  check_thread();
  mutex_event("lock_destroy", kind, -1);
}

static void on_nest_lock(ompt_scope_endpoint_t ep, ompt_wait_id_t wait_id, const void *codeptr) {
  (void) wait_id; (void) codeptr;
  check_thread();
  event(current_region(), ep == ompt_scope_begin ? "nest_lock begin" : "nest_lock end");
}

static void on_flush(ompt_data_t *thread_data, const void *codeptr) {
  (void) codeptr;
  check_thread();
  if (thread_data != get_thread_data()) problem("flush's thread data is not the thread's");
  event(current_region(), "flush");
}

static void on_cancel(ompt_data_t *task_data, int flags, const void *codeptr) {
  (void) codeptr;
  check_thread();
  char key[192];
  snprintf(key, sizeof key, "cancel %s%s%s%s%s%s%s", flags & ompt_cancel_parallel ? "parallel" : "", flags & ompt_cancel_sections ? "sections" : "",
           flags & ompt_cancel_loop ? "loop" : "", flags & ompt_cancel_taskgroup ? "taskgroup" : "",
           flags & ompt_cancel_activated ? " activated" : "", flags & ompt_cancel_detected ? " detected" : "",
           flags & ompt_cancel_discarded_task ? " discarded_task" : "");
  event(label_of(task_data), key);
}

static void on_error(ompt_severity_t severity, const char *message, size_t length, const void *codeptr) {
  (void) codeptr;
  check_thread();
  char key[192];
  snprintf(key, sizeof key, "error %s \"%.*s\"", severity == ompt_fatal ? "fatal" : "warning", (int) length, message ? message : "");
  event(current_region(), key);
}

static int on_control_tool(uint64_t command, uint64_t modifier, void *arg, const void *codeptr) {
  (void) arg; (void) codeptr;
  check_thread();
  char key[192];
  snprintf(key, sizeof key, "control_tool command=%llu modifier=%llu", (unsigned long long) command, (unsigned long long) modifier);
  event(current_region(), key);
  return (int) command + 40;
}

/* ---- tasks */

static void on_task_create(ompt_data_t *encountering_task, const ompt_frame_t *frame, ompt_data_t *new_task, int flags,
                           int has_dependences, const void *codeptr) {
  (void) frame; (void) codeptr;
  check_thread();
  const char *region = label_of(encountering_task);
  new_task->ptr = new_label(region);
  char key[192], f[96];
  task_flags(flags, f, sizeof f);
  snprintf(key, sizeof key, "task_create %s dependences=%d", f, has_dependences);
  event(region, key);
}

static void on_task_schedule(ompt_data_t *prior, ompt_task_status_t status, ompt_data_t *next) {
  (void) next;
  check_thread();
  static const char *names[] = {"?", "complete", "yield", "cancel", "detach", "early_fulfill", "late_fulfill", "switch", "taskwait_complete"};
  char key[192];
  snprintf(key, sizeof key, "task_schedule %s", status >= 1 && status <= 8 ? names[status] : "?");
  event(label_of(prior), key);
}

static void on_dependences(ompt_data_t *task, const ompt_dependence_t *deps, int ndeps) {
  check_thread();
  char key[192];
  int n = snprintf(key, sizeof key, "dependences");
  for (int i = 0; i < ndeps && n < 100; i++) n += snprintf(key + n, sizeof key - n, " %d", (int) deps[i].dependence_type);
  event(label_of(task), key);
}

static void on_task_dependence(ompt_data_t *source, ompt_data_t *sink) {
  (void) source; (void) sink;
  check_thread();
}

/* ---- devices and target constructs */

static int device_index(int device) {
  lock();
  int i;
  for (i = 0; i < devices_len; i++) if (devices[i] == device) break;
  if (i == devices_len && devices_len < 64) devices[devices_len++] = device;
  unlock();
  return i + 1;
}

static int all_devices[64], all_devices_len;
static int slot(int device) {
  int i;
  for (i = 0; i < all_devices_len; i++) if (all_devices[i] == device) return i;
  if (all_devices_len < 64) all_devices[all_devices_len++] = device;
  return i;
}

static void on_device_initialize(int device, const char *type, ompt_device_t *d, ompt_function_lookup_t lookup, const char *doc) {
  (void) d; (void) doc;
  lock();
  device_inits[slot(device)]++;
  unlock();
  if (type == NULL) problem("device_initialize without a type");
  if (lookup == NULL) problem("device_initialize without a lookup function");
}

static void on_device_finalize(int device) {
  lock();
  device_finals[slot(device)]++;
  unlock();
}

static void on_device_load(int device, const char *file, int64_t offset, void *vma, size_t bytes, void *host, void *dev, uint64_t module) {
  (void) file; (void) offset; (void) vma; (void) host; (void) dev; (void) module;
  lock();
  device_loads[slot(device)]++;
  unlock();
  if (bytes == 0) problem("device_load of an empty image");
}

static void on_device_unload(int device, uint64_t module) {
  (void) module;
  lock();
  device_unloads[slot(device)]++;
  unlock();
}

static const char *target_name(int kind) {
  switch (kind & 7) {
  case ompt_target: return "target";
  case ompt_target_enter_data: return "enter_data";
  case ompt_target_exit_data: return "exit_data";
  default: return "update";
  }
}

static const char *op_name(int op) {
  switch (op) {
  case ompt_target_data_alloc: return "alloc";
  case ompt_target_data_transfer_to_device: return "to_device";
  case ompt_target_data_transfer_from_device: return "from_device";
  case ompt_target_data_delete: return "delete";
  case ompt_target_data_associate: return "associate";
  case ompt_target_data_disassociate: return "disassociate";
  default: return "async";
  }
}

/* ompt_get_target_info inside a target callback must name the construct (LLVM 19's libomp answers 0
   everywhere, so OmptTest checks this of jomp alone and leaves the section out of the comparison) */
static int target_info_asked, target_info_right;
static void check_target_info(int device, ompt_id_t id) {
  uint64_t dev = 0;
  ompt_id_t tid = 0, op = 0;
  int in = get_target_info(&dev, &tid, &op);
  lock();
  target_info_asked++;
  if (in == 1 && dev == (uint64_t) device && tid == id) target_info_right++;
  unlock();
}

static const char *target_region(ompt_data_t *task) { return task ? label_of(task) : current_region(); }

static void target(ompt_target_t kind, ompt_scope_endpoint_t ep, int device, ompt_data_t *task) {
  char key[192];
  snprintf(key, sizeof key, "target %s %s device=D%d", target_name(kind), endpoint(ep), device_index(device));
  event(target_region(task), key);
}

static void on_target_emi(ompt_target_t kind, ompt_scope_endpoint_t ep, int device, ompt_data_t *task, ompt_data_t *target_task,
                          ompt_data_t *target_data, const void *codeptr) {
  (void) target_task; (void) codeptr;
  check_thread();
  if (ep == ompt_scope_begin) {
    target_data->value = get_unique_id();
    check_target_info(device, target_data->value);
  }
  target(kind, ep, device, task);
}

static void on_target(ompt_target_t kind, ompt_scope_endpoint_t ep, int device, ompt_data_t *task, ompt_id_t id, const void *codeptr) {
  (void) codeptr;
  check_thread();
  if (ep == ompt_scope_begin) check_target_info(device, id);
  target(kind, ep, device, task);
}

static void data_op(const char *what, ompt_target_data_op_t op, size_t bytes) {
  char key[192];
  snprintf(key, sizeof key, "%s %s bytes=%zu", what, op_name(op), bytes);
  event(current_region(), key);
}

static void on_target_data_op_emi(ompt_scope_endpoint_t ep, ompt_data_t *target_task, ompt_data_t *target_data, ompt_id_t *host_op_id,
                                  ompt_target_data_op_t op, void *src, int src_device, void *dest, int dest_device, size_t bytes,
                                  const void *codeptr) {
  (void) target_task; (void) target_data; (void) src; (void) src_device; (void) dest; (void) dest_device; (void) codeptr;
  check_thread();
  if (ep == ompt_scope_begin) *host_op_id = get_unique_id();
  data_op(ep == ompt_scope_begin ? "data_op begin" : "data_op end", op, bytes);
}

static void on_target_data_op(ompt_id_t target_id, ompt_id_t host_op_id, ompt_target_data_op_t op, void *src, int src_device,
                              void *dest, int dest_device, size_t bytes, const void *codeptr) {
  (void) target_id; (void) host_op_id; (void) src; (void) src_device; (void) dest; (void) dest_device; (void) codeptr;
  check_thread();
  data_op("data_op", op, bytes);
}

static void submit(const char *what, unsigned int teams) {
  char key[192];
  snprintf(key, sizeof key, "%s requested_teams=%u", what, teams);
  event(current_region(), key);
}

static void on_target_submit_emi(ompt_scope_endpoint_t ep, ompt_data_t *target_data, ompt_id_t *host_op_id, unsigned int teams) {
  (void) target_data; (void) host_op_id;
  check_thread();
  submit(ep == ompt_scope_begin ? "submit begin" : "submit end", teams);
}

static void on_target_submit(ompt_id_t target_id, ompt_id_t host_op_id, unsigned int teams) {
  (void) target_id; (void) host_op_id;
  check_thread();
  submit("submit", teams);
}

static void target_map(unsigned int n, size_t *bytes, unsigned int *flags) {
  char key[192];
  int len = snprintf(key, sizeof key, "target_map");
  for (unsigned int i = 0; i < n && len < 100; i++) len += snprintf(key + len, sizeof key - len, " %zu:%x", bytes[i], flags[i]);
  event(current_region(), key);
}

static void on_target_map_emi(ompt_data_t *target_data, unsigned int n, void **host, void **dev, size_t *bytes, unsigned int *flags,
                              const void *codeptr) {
  (void) target_data; (void) host; (void) dev; (void) codeptr;
  check_thread();
  target_map(n, bytes, flags);
}

static void on_target_map(ompt_id_t id, unsigned int n, void **host, void **dev, size_t *bytes, unsigned int *flags, const void *codeptr) {
  (void) id; (void) host; (void) dev; (void) codeptr;
  check_thread();
  target_map(n, bytes, flags);
}

/* ---- start and end */

static void setting(const char *name, int event_id, ompt_callback_t cb) {
  int r = set_callback((ompt_callbacks_t) event_id, cb);
  static const char *results[] = {"error", "never", "impossible", "sometimes", "sometimes_paired", "always"};
  if (settings_len < 64) snprintf(settings[settings_len++], sizeof settings[0], "%s=%s", name, r >= 0 && r <= 5 ? results[r] : "?");
}

#define SET(name, fn) setting(#name, ompt_callback_##name, (ompt_callback_t) (fn))

static int initialize(ompt_function_lookup_t lookup, int initial_device, ompt_data_t *tool_data) {
  (void) initial_device;
  const char *init = getenv("OMPT_TRACE_INIT");
  if (init && init[0] == '0') return 0;
  tool_data->value = 0x70;
  set_callback = (ompt_set_callback_t) lookup("ompt_set_callback");
  get_thread_data = (ompt_get_thread_data_t) lookup("ompt_get_thread_data");
  get_parallel_info = (ompt_get_parallel_info_t) lookup("ompt_get_parallel_info");
  get_task_info = (ompt_get_task_info_t) lookup("ompt_get_task_info");
  get_unique_id = (ompt_get_unique_id_t) lookup("ompt_get_unique_id");
  enumerate_states = (ompt_enumerate_states_t) lookup("ompt_enumerate_states");
  enumerate_mutex_impls = (ompt_enumerate_mutex_impls_t) lookup("ompt_enumerate_mutex_impls");
  get_state = (ompt_get_state_t) lookup("ompt_get_state");
  get_target_info = (ompt_get_target_info_t) lookup("ompt_get_target_info");
  get_num_devices = (ompt_get_num_devices_t) lookup("ompt_get_num_devices");
  if (!set_callback || !get_thread_data || !get_parallel_info || !get_task_info || !get_unique_id || !enumerate_states
      || !enumerate_mutex_impls || !get_state || !get_target_info || !get_num_devices || lookup("ompt_finalize_tool") == NULL) {
    fprintf(stderr, "ompt-trace: an entry point is missing\n");
    return 0;
  }
  if (lookup("no_such_entry_point") != NULL) problem("lookup of an unknown name is not NULL");
#define LOOK_UP(fn) if (lookup(#fn) == NULL) problem("lookup(\"" #fn "\") is NULL");
  FOREACH_OMPT_INQUIRY_FN(LOOK_UP)
  SET(thread_begin, on_thread_begin); SET(thread_end, on_thread_end);
  SET(parallel_begin, on_parallel_begin); SET(parallel_end, on_parallel_end);
  SET(implicit_task, on_implicit_task); SET(task_create, on_task_create); SET(task_schedule, on_task_schedule);
  SET(work, on_work); SET(dispatch, on_dispatch); SET(sync_region, on_sync_region); SET(sync_region_wait, on_sync_region_wait);
  SET(reduction, on_reduction); SET(masked, on_masked); SET(mutex_acquire, on_mutex_acquire); SET(mutex_acquired, on_mutex_acquired);
  SET(mutex_released, on_mutex_released); SET(lock_init, on_lock_init); SET(lock_destroy, on_lock_destroy); SET(nest_lock, on_nest_lock);
  SET(flush, on_flush); SET(cancel, on_cancel); SET(dependences, on_dependences); SET(task_dependence, on_task_dependence);
  SET(error, on_error); SET(control_tool, on_control_tool);
  SET(device_initialize, on_device_initialize); SET(device_finalize, on_device_finalize);
  SET(device_load, on_device_load); SET(device_unload, on_device_unload);
  const char *emi = getenv("OMPT_TRACE_EMI");
  if (emi && emi[0] == '1') {
    SET(target_emi, on_target_emi); SET(target_data_op_emi, on_target_data_op_emi);
    SET(target_submit_emi, on_target_submit_emi); SET(target_map_emi, on_target_map_emi);
  } else {
    SET(target, on_target); SET(target_data_op, on_target_data_op); SET(target_submit, on_target_submit); SET(target_map, on_target_map);
  }
  if (set_callback((ompt_callbacks_t) 99, (ompt_callback_t) on_flush) != ompt_set_error) problem("ompt_set_callback(99) is not ompt_set_error");
  return 1;
}

static int by_region_then_key(const void *a, const void *b) {
  const struct count *x = a, *y = b;
  int c = strcmp(x->region, y->region);
  return c ? c : strcmp(x->key, y->key);
}

static int team_of(const char *region) {
  for (int i = 0; i < regions_len; i++) if (strcmp(regions[i].label, region) == 0) return regions[i].team;
  return 0;
}

static void finalize(ompt_data_t *tool_data) {
  const char *path = getenv("OMPT_TRACE");
  FILE *out = path && path[0] ? fopen(path, "w") : stderr;
  if (out == NULL) out = stderr;
  if (tool_data->value != 0x70) problem("finalize's tool_data is not initialize's");
  const char *name;
  int now = get_state(NULL), known = 0;
  for (int s = ompt_state_undefined, n; enumerate_states(s, &n, &name) && !known; s = n) known = n == now;
  if (!known) problem("ompt_get_state's answer is not an enumerated state");
  fprintf(out, "== ompt_set_callback\n");
  for (int i = 0; i < settings_len; i++) fprintf(out, "%s\n", settings[i]);
  fprintf(out, "== states:");
  int state = ompt_state_undefined, next;
  while (enumerate_states(state, &next, &name)) { fprintf(out, " %s", name); state = next; }
  fprintf(out, "\n== mutex implementations:");
  int impl = ompt_mutex_impl_none;
  while (enumerate_mutex_impls(impl, &next, &name)) { fprintf(out, " %s", name); impl = next; }
  fprintf(out, "\n== initial task\n");
  for (int i = 0; i < sequence_len; i++) fprintf(out, "%s\n", sequence[i]);
  qsort(counts, counts_len, sizeof counts[0], by_region_then_key);
  const char *last = "";
  for (int i = 0; i < counts_len; i++) {
    int team = team_of(counts[i].region);
    if (strcmp(counts[i].region, last) != 0) {
      fprintf(out, "== region %s\n", counts[i].region);
      last = counts[i].region;
    }
    if (team > 0 && counts[i].n % team == 0) {
      if (counts[i].n == team) fprintf(out, "every thread: %s\n", counts[i].key);
      else fprintf(out, "every thread x%d: %s\n", counts[i].n / team, counts[i].key);
    } else {
      fprintf(out, "%d: %s\n", counts[i].n, counts[i].key);
    }
  }
  fprintf(out, "== dispatch (each thread's begin of a construct counts its iterations or sections once: divided by the team)\n");
  for (int i = 0; i < dispatched_len; i++) {
    struct dispatched *d = &dispatched[i];
    long long team = team_of(d->region) > 0 ? team_of(d->region) : 1;
    /* a taskloop is not worksharing: each thread that meets one runs all of it */
    fprintf(out, "region %s: sections %lld of %lld, loop iterations %lld of %lld, distribute iterations %lld of %lld, taskloop iterations %lld of %lld\n",
            d->region, d->sections, d->sections_work / team, d->iterations, d->loop_work / team, d->distributed, d->distribute_work / team,
            d->taskloop, d->taskloop_work);
  }
  fprintf(out, "== devices\n");
  for (int i = 0; i < devices_len; i++) {
    int s = slot(devices[i]);
    fprintf(out, "D%d: initialize=%d load=%d finalize=%d\n", i + 1, device_inits[s], device_loads[s], device_finals[s]);
  }
  for (int i = 0; i < devices_len; i++) {
    int s = slot(devices[i]);
    if (device_unloads[s] > 0) fprintf(out, "D%d: unload=%d\n", i + 1, device_unloads[s]);
  }
  fprintf(out, "== target info (jomp's answers alone)\n");
  fprintf(out, "ompt_get_target_info in a target callback: %d of %d right\n", target_info_right, target_info_asked);
  fprintf(out, "ompt_get_num_devices: %d\n", get_num_devices());
  fprintf(out, "== checks\n");
  fprintf(out, "worker threads ended: %s\n", workers_begun == workers_ended ? "all" : "not all");
  fprintf(out, "implicit tasks checked: %s\n", checks > 0 ? "yes" : "none");
  for (int i = 0; i < problems_len; i++) fprintf(out, "problem: %s\n", problems[i]);
  if (out != stderr) fclose(out);
}

ompt_start_tool_result_t *ompt_start_tool(unsigned int omp_version, const char *runtime_version) {
  (void) runtime_version;
#ifdef OMPT_TRACE_DECLINE
  (void) omp_version;
  return NULL;
#else
  static ompt_start_tool_result_t result = {initialize, finalize, {0}};
  if (omp_version < 201611) return NULL;   /* OpenMP 5.0 or later: the 5.1 events are there */
  return &result;
#endif
}
