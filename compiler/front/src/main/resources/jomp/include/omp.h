/* jomp: <omp.h>, the OpenMP API routines (implemented by jomp's runtime), with what LLVM 19's
   omp.h declares besides: its headers, its kmp_* and llvm_* extensions and its enumerations. */
#ifndef __JOMP_OMP_H
#define __JOMP_OMP_H
#ifndef __OMP_H
#define __OMP_H
#endif
#include <stddef.h>
#include <stdlib.h>
#include <stdint.h>
#define KMP_VERSION_MAJOR 5
#define KMP_VERSION_MINOR 0
#define KMP_VERSION_BUILD 20140926
#define KMP_BUILD_DATE "No_Timestamp"
/* libomp's names of the affinity format routines, as LLVM's omp.h maps them */
#define omp_set_affinity_format ompc_set_affinity_format
#define omp_get_affinity_format ompc_get_affinity_format
#define omp_display_affinity ompc_display_affinity
#define omp_capture_affinity ompc_capture_affinity
typedef struct omp_lock_t { void *_lk; } omp_lock_t;
typedef struct omp_nest_lock_t { void *_lk; } omp_nest_lock_t;
typedef enum omp_sched_t {
  omp_sched_static = 1, omp_sched_dynamic = 2, omp_sched_guided = 3, omp_sched_auto = 4,
  omp_sched_monotonic = 0x80000000u
} omp_sched_t;
typedef enum omp_proc_bind_t {
  omp_proc_bind_false = 0, omp_proc_bind_true = 1, omp_proc_bind_master = 2,
  omp_proc_bind_close = 3, omp_proc_bind_spread = 4, omp_proc_bind_primary = 2
} omp_proc_bind_t;
typedef enum omp_sync_hint_t {
  omp_sync_hint_none = 0, omp_lock_hint_none = omp_sync_hint_none,
  omp_sync_hint_uncontended = 1, omp_lock_hint_uncontended = omp_sync_hint_uncontended,
  omp_sync_hint_contended = (1 << 1), omp_lock_hint_contended = omp_sync_hint_contended,
  omp_sync_hint_nonspeculative = (1 << 2), omp_lock_hint_nonspeculative = omp_sync_hint_nonspeculative,
  omp_sync_hint_speculative = (1 << 3), omp_lock_hint_speculative = omp_sync_hint_speculative,
  kmp_lock_hint_hle = (1 << 16), kmp_lock_hint_rtm = (1 << 17), kmp_lock_hint_adaptive = (1 << 18)
} omp_sync_hint_t;
typedef omp_sync_hint_t omp_lock_hint_t;
typedef enum omp_pause_resource_t { omp_pause_resume = 0, omp_pause_soft = 1, omp_pause_hard = 2 } omp_pause_resource_t;
typedef uintptr_t omp_uintptr_t;
/* allocators and memory spaces: enumerations of unsigned long, LLVM's values (100-102: its
   device memory kinds; omp_null_mem_space 0 and omp_default_mem_space 99 as in LLVM 20's) */
typedef enum omp_allocator_handle_t {
  omp_null_allocator = 0, omp_default_mem_alloc = 1, omp_large_cap_mem_alloc = 2, omp_const_mem_alloc = 3,
  omp_high_bw_mem_alloc = 4, omp_low_lat_mem_alloc = 5, omp_cgroup_mem_alloc = 6, omp_pteam_mem_alloc = 7,
  omp_thread_mem_alloc = 8, llvm_omp_target_host_mem_alloc = 100, llvm_omp_target_shared_mem_alloc = 101,
  llvm_omp_target_device_mem_alloc = 102, KMP_ALLOCATOR_MAX_HANDLE = UINTPTR_MAX
} omp_allocator_handle_t;
typedef enum omp_memspace_handle_t {
  omp_null_mem_space = 0, omp_default_mem_space = 99, omp_large_cap_mem_space = 1, omp_const_mem_space = 2,
  omp_high_bw_mem_space = 3, omp_low_lat_mem_space = 4, llvm_omp_target_host_mem_space = 100,
  llvm_omp_target_shared_mem_space = 101, llvm_omp_target_device_mem_space = 102,
  KMP_MEMSPACE_MAX_HANDLE = UINTPTR_MAX
} omp_memspace_handle_t;
#define omp_initial_device (-1)
#define omp_invalid_device (-2)

/* Threads and teams */
void omp_set_num_threads(int n);
int omp_get_num_threads(void);
int omp_get_max_threads(void);
int omp_get_thread_num(void);
int omp_get_num_procs(void);
int omp_in_parallel(void);
void omp_set_dynamic(int flag);
int omp_get_dynamic(void);
void omp_set_nested(int flag);
int omp_get_nested(void);
void omp_set_schedule(omp_sched_t kind, int chunk);
void omp_get_schedule(omp_sched_t *kind, int *chunk);
int omp_get_thread_limit(void);
void omp_set_max_active_levels(int n);
int omp_get_max_active_levels(void);
int omp_get_level(void);
int omp_get_ancestor_thread_num(int level);
int omp_get_team_size(int level);
int omp_get_active_level(void);
int omp_in_final(void);
int omp_in_explicit_task(void);
omp_proc_bind_t omp_get_proc_bind(void);
int omp_get_num_places(void);
int omp_get_place_num(void);
int omp_get_num_teams(void);
int omp_get_team_num(void);
int omp_get_cancellation(void);
int omp_get_max_task_priority(void);
void omp_set_num_teams(int n);
int omp_get_max_teams(void);
void omp_set_teams_thread_limit(int n);
int omp_get_teams_thread_limit(void);

/* Devices */
void omp_set_default_device(int device);
int omp_get_default_device(void);
int omp_get_num_devices(void);
int omp_get_device_num(void);
int omp_is_initial_device(void);
int omp_get_initial_device(void);
void *omp_target_alloc(size_t size, int device);
void omp_target_free(void *p, int device);
int omp_target_is_present(const void *p, int device);
int omp_target_is_accessible(const void *p, size_t size, int device);
int omp_target_memcpy(void *dst, const void *src, size_t length, size_t dst_offset,
                      size_t src_offset, int dst_device, int src_device);
int omp_target_memcpy_rect(void *dst, const void *src, size_t element_size, int num_dims,
                           const size_t *volume, const size_t *dst_offsets,
                           const size_t *src_offsets, const size_t *dst_dimensions,
                           const size_t *src_dimensions, int dst_device, int src_device);
int omp_target_associate_ptr(const void *host_ptr, const void *device_ptr, size_t size,
                             size_t device_offset, int device);
int omp_target_disassociate_ptr(const void *host_ptr, int device);
void *omp_get_mapped_ptr(const void *p, int device);
/* OpenMP 6.0: device identifiers, per-device teams ICVs */
const char *omp_get_uid_from_device(int device_num);
int omp_get_device_from_uid(const char *uid);
int omp_get_device_num_teams(int device_num);
void omp_set_device_num_teams(int num_teams, int device_num);
int omp_get_device_teams_thread_limit(int device_num);
void omp_set_device_teams_thread_limit(int thread_limit, int device_num);

/* Locks */
void omp_init_lock(omp_lock_t *lock);
void omp_init_lock_with_hint(omp_lock_t *lock, omp_sync_hint_t hint);
void omp_destroy_lock(omp_lock_t *lock);
void omp_set_lock(omp_lock_t *lock);
void omp_unset_lock(omp_lock_t *lock);
int omp_test_lock(omp_lock_t *lock);
void omp_init_nest_lock(omp_nest_lock_t *lock);
void omp_init_nest_lock_with_hint(omp_nest_lock_t *lock, omp_sync_hint_t hint);
void omp_destroy_nest_lock(omp_nest_lock_t *lock);
void omp_set_nest_lock(omp_nest_lock_t *lock);
void omp_unset_nest_lock(omp_nest_lock_t *lock);
int omp_test_nest_lock(omp_nest_lock_t *lock);

/* Timing */
double omp_get_wtime(void);
double omp_get_wtick(void);

/* Memory */
void *omp_alloc(size_t size, omp_allocator_handle_t allocator);
void *omp_aligned_alloc(size_t alignment, size_t size, omp_allocator_handle_t allocator);
void *omp_calloc(size_t n, size_t size, omp_allocator_handle_t allocator);
void *omp_aligned_calloc(size_t alignment, size_t n, size_t size, omp_allocator_handle_t allocator);
void *omp_realloc(void *p, size_t size, omp_allocator_handle_t allocator, omp_allocator_handle_t free_allocator);
void omp_free(void *p, omp_allocator_handle_t allocator);
void omp_set_default_allocator(omp_allocator_handle_t allocator);
omp_allocator_handle_t omp_get_default_allocator(void);

int omp_pause_resource(omp_pause_resource_t kind, int device);
int omp_pause_resource_all(omp_pause_resource_t kind);

/* ---- devices, affinity, environment, interop (OpenMP 5.1/5.2; ompmap) ---- */
typedef intptr_t omp_intptr_t;
typedef void *omp_depend_t;
int omp_get_supported_active_levels(void);
void omp_display_env(int verbose);
int omp_get_place_num_procs(int place_num);
void omp_get_place_proc_ids(int place_num, int *ids);
int omp_get_partition_num_places(void);
void omp_get_partition_place_nums(int *place_nums);
void omp_set_affinity_format(const char *format);
size_t omp_get_affinity_format(char *buffer, size_t size);
void omp_display_affinity(const char *format);
size_t omp_capture_affinity(char *buffer, size_t size, const char *format);
int omp_target_memcpy_async(void *dst, const void *src, size_t length, size_t dst_offset, size_t src_offset,
                            int dst_device, int src_device, int depobj_count, omp_depend_t *depobj_list);
int omp_target_memcpy_rect_async(void *dst, const void *src, size_t element_size, int num_dims,
                                 const size_t *volume, const size_t *dst_offsets, const size_t *src_offsets,
                                 const size_t *dst_dimensions, const size_t *src_dimensions, int dst_device,
                                 int src_device, int depobj_count, omp_depend_t *depobj_list);
void *omp_target_memset(void *ptr, int value, size_t count, int device_num);
void *omp_target_memset_async(void *ptr, int value, size_t count, int device_num, int depobj_count,
                              omp_depend_t *depobj_list);
void ompx_dump_mapping_tables(void);
typedef enum omp_control_tool_result_t {
  omp_control_tool_notool = -2, omp_control_tool_nocallback = -1, omp_control_tool_success = 0,
  omp_control_tool_ignored = 1
} omp_control_tool_result_t;
typedef enum omp_control_tool_t {
  omp_control_tool_start = 1, omp_control_tool_pause = 2, omp_control_tool_flush = 3, omp_control_tool_end = 4
} omp_control_tool_t;
int omp_control_tool(int command, int modifier, void *arg);

/* interop (OpenMP 5.2 §14.1, §18.12): the values are clang's */
typedef enum omp_interop_property {
  omp_ipr_fr_id = -1, omp_ipr_fr_name = -2, omp_ipr_vendor = -3, omp_ipr_vendor_name = -4, omp_ipr_device_num = -5,
  omp_ipr_platform = -6, omp_ipr_device = -7, omp_ipr_device_context = -8, omp_ipr_targetsync = -9, omp_ipr_first = -9
} omp_interop_property_t;
#define omp_interop_none 0
typedef enum omp_interop_rc {
  omp_irc_no_value = 1, omp_irc_success = 0, omp_irc_empty = -1, omp_irc_out_of_range = -2, omp_irc_type_int = -3,
  omp_irc_type_ptr = -4, omp_irc_type_str = -5, omp_irc_other = -6
} omp_interop_rc_t;
typedef enum omp_interop_fr {
  omp_ifr_cuda = 1, omp_ifr_cuda_driver = 2, omp_ifr_opencl = 3, omp_ifr_sycl = 4, omp_ifr_hip = 5, omp_ifr_level_zero = 6,
  omp_ifr_last = 7
} omp_interop_fr_t;
typedef void *omp_interop_t;
int omp_get_num_interop_properties(const omp_interop_t interop);
omp_intptr_t omp_get_interop_int(const omp_interop_t interop, omp_interop_property_t property_id, int *ret_code);
void *omp_get_interop_ptr(const omp_interop_t interop, omp_interop_property_t property_id, int *ret_code);
const char *omp_get_interop_str(const omp_interop_t interop, omp_interop_property_t property_id, int *ret_code);
const char *omp_get_interop_name(const omp_interop_t interop, omp_interop_property_t property_id);
const char *omp_get_interop_type_desc(const omp_interop_t interop, omp_interop_property_t property_id);
const char *omp_get_interop_rc_desc(const omp_interop_t interop, omp_interop_rc_t ret_code);

/* Allocator traits (OpenMP 5.0-5.2), with libomp's values */
typedef enum omp_alloctrait_key_t {
  omp_atk_sync_hint = 1, omp_atk_alignment = 2, omp_atk_access = 3, omp_atk_pool_size = 4,
  omp_atk_fallback = 5, omp_atk_fb_data = 6, omp_atk_pinned = 7, omp_atk_partition = 8,
  /* OpenMP 6.0 (libomp has no values for them yet: jomp's) */
  omp_atk_pin_device = 9, omp_atk_preferred_device = 10, omp_atk_device_access = 11,
  omp_atk_target_access = 12, omp_atk_atomic_scope = 13, omp_atk_part_size = 14
} omp_alloctrait_key_t;
typedef enum omp_alloctrait_value_t {
  omp_atv_false = 0, omp_atv_true = 1, omp_atv_contended = 3, omp_atv_uncontended = 4,
  omp_atv_serialized = 5, omp_atv_sequential = omp_atv_serialized, omp_atv_private = 6,
  omp_atv_all = 7, omp_atv_thread = 8, omp_atv_pteam = 9, omp_atv_cgroup = 10,
  omp_atv_default_mem_fb = 11, omp_atv_null_fb = 12, omp_atv_abort_fb = 13,
  omp_atv_allocator_fb = 14, omp_atv_environment = 15, omp_atv_nearest = 16,
  omp_atv_blocked = 17, omp_atv_interleaved = 18,
  /* OpenMP 6.0 (jomp's values) */
  omp_atv_single = 19, omp_atv_multiple = 20, omp_atv_memspace = 21, omp_atv_partitioner = 22,
  omp_atv_device = 23
} omp_alloctrait_value_t;
#define omp_atv_default ((omp_uintptr_t)-1)
typedef struct { omp_alloctrait_key_t key; omp_uintptr_t value; } omp_alloctrait_t;
omp_allocator_handle_t omp_init_allocator(omp_memspace_handle_t memspace, int ntraits,
                                          omp_alloctrait_t traits[]);
void omp_destroy_allocator(omp_allocator_handle_t allocator);
/* OpenMP 6.0: memory spaces and predefined allocators of devices (host routines) */
omp_memspace_handle_t omp_get_devices_memspace(int ndevs, const int *devs, omp_memspace_handle_t memspace);
omp_memspace_handle_t omp_get_device_memspace(int dev, omp_memspace_handle_t memspace);
omp_memspace_handle_t omp_get_devices_and_host_memspace(int ndevs, const int *devs, omp_memspace_handle_t memspace);
omp_memspace_handle_t omp_get_device_and_host_memspace(int dev, omp_memspace_handle_t memspace);
omp_memspace_handle_t omp_get_devices_all_memspace(omp_memspace_handle_t memspace);
omp_allocator_handle_t omp_get_devices_allocator(int ndevs, const int *devs, omp_memspace_handle_t memspace);
omp_allocator_handle_t omp_get_device_allocator(int dev, omp_memspace_handle_t memspace);
omp_allocator_handle_t omp_get_devices_and_host_allocator(int ndevs, const int *devs, omp_memspace_handle_t memspace);
omp_allocator_handle_t omp_get_device_and_host_allocator(int dev, omp_memspace_handle_t memspace);
omp_allocator_handle_t omp_get_devices_all_allocator(omp_memspace_handle_t memspace);
int omp_get_memspace_num_resources(omp_memspace_handle_t memspace);
size_t omp_get_memspace_pagesize(omp_memspace_handle_t memspace);
omp_memspace_handle_t omp_get_submemspace(omp_memspace_handle_t memspace, int num_resources, const int *resources);

/* OpenMP 6.0: free-agent threads (jomp has none: tasks of threadset(omp_pool) run on the team's threads) */
int omp_is_free_agent(void);
int omp_ancestor_is_free_agent(int level);
/* OpenMP 6.0 task clauses: transparent's impex types */
typedef enum omp_impex_t { omp_not_impex = 0, omp_import = 1, omp_export = 2, omp_impex = 3 } omp_impex_t;

/* Tasks (OpenMP 5.0-5.2): detach events, depend objects */
typedef enum omp_event_handle_t { KMP_EVENT_MAX_HANDLE = UINTPTR_MAX } omp_event_handle_t;
void omp_fulfill_event(omp_event_handle_t event);

/* libomp's kmp_* extensions (kmp_ftn_entry.h): stack size, blocktime, library mode, the affinity
   mask API (jomp binds no thread to a processor: it answers as libomp built without affinity
   does), memory */
int kmp_get_stacksize(void);
void kmp_set_stacksize(int size);
size_t kmp_get_stacksize_s(void);
void kmp_set_stacksize_s(size_t size);
int kmp_get_blocktime(void);
int kmp_get_library(void);
void kmp_set_blocktime(int msec);
void kmp_set_library(int mode);
void kmp_set_library_serial(void);
void kmp_set_library_turnaround(void);
void kmp_set_library_throughput(void);
void kmp_set_defaults(char const *settings);
void kmp_set_disp_num_buffers(int num);
typedef void *kmp_affinity_mask_t;
int kmp_set_affinity(kmp_affinity_mask_t *mask);
int kmp_get_affinity(kmp_affinity_mask_t *mask);
int kmp_get_affinity_max_proc(void);
void kmp_create_affinity_mask(kmp_affinity_mask_t *mask);
void kmp_destroy_affinity_mask(kmp_affinity_mask_t *mask);
int kmp_set_affinity_mask_proc(int proc, kmp_affinity_mask_t *mask);
int kmp_unset_affinity_mask_proc(int proc, kmp_affinity_mask_t *mask);
int kmp_get_affinity_mask_proc(int proc, kmp_affinity_mask_t *mask);
void *kmp_malloc(size_t size);
void *kmp_aligned_malloc(size_t size, size_t alignment);
void *kmp_calloc(size_t nelem, size_t elsize);
void *kmp_realloc(void *ptr, size_t size);
void kmp_free(void *ptr);
void kmp_set_warnings_on(void);
void kmp_set_warnings_off(void);

/* LLVM extensions: the device's dynamic shared memory (NULL on the host) */
extern void *llvm_omp_target_dynamic_shared_alloc(void);

/* not standard, deprecated (LLVM's omp.h keeps them) */
typedef int omp_int_t;
typedef double omp_wtime_t;
#endif
