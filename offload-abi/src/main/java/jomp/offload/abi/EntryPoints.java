package jomp.offload.abi;

import java.util.List;

/**
 * The runtime's entry points that compiled code and jomp's headers call by link name
 * (docs/design/offload-abi.md §1, §2): the OpenMP lowering emits calls to these names and the host
 * link resolves them to {@code public static} methods of the runtime's C function classes. The
 * runtime's EntryPointsTest checks that this list and the runtime's {@code __jomp_}/{@code __tgt_}
 * functions are the same, so the two sides cannot drift apart unnoticed.
 */
public final class EntryPoints {
    private EntryPoints() {}

    // target regions and data (jomp.runtime.offload.Tgt), libomptarget's names and jomp's
    public static final String TGT_TARGET_KERNEL = "__tgt_target_kernel";
    public static final String TARGET_FALLBACK_DONE = "__jomp_target_fallback_done";
    public static final String TGT_TARGET_DATA_BEGIN_MAPPER = "__tgt_target_data_begin_mapper";
    public static final String TGT_TARGET_DATA_END_MAPPER = "__tgt_target_data_end_mapper";
    public static final String TGT_TARGET_DATA_UPDATE_MAPPER = "__tgt_target_data_update_mapper";
    public static final String TGT_MAPPER_NUM_COMPONENTS = "__tgt_mapper_num_components";
    public static final String TGT_PUSH_MAPPER_COMPONENT = "__tgt_push_mapper_component";
    /** libomptarget's export that programs call themselves (not the compiler): LIBOMPTARGET_INFO's mask from now on. */
    public static final String TGT_SET_INFO_FLAG = "__tgt_set_info_flag";

    public static final String MAPPER_TYPE = "__jomp_mapper_type";
    public static final String ANCESTOR_ENTER = "__jomp_ancestor_enter";
    public static final String ANCESTOR_EXIT = "__jomp_ancestor_exit";
    public static final String INTEROP_INIT = "__jomp_interop_init";
    public static final String INTEROP_USE = "__jomp_interop_use";
    public static final String INTEROP_DESTROY = "__jomp_interop_destroy";
    public static final String TARGET_TRANSLATE = "__jomp_target_translate";

    // host OpenMP (jomp.runtime.omp.Kmpc)
    public static final String FORK = "__jomp_fork";
    /** OpenMP 6.0: num_threads(n1, n2, ...)'s items after the first, for the next __jomp_fork: (int count, int *items). */
    public static final String NUM_THREADS_LIST = "__jomp_num_threads_list";

    public static final String BARRIER = "__jomp_barrier";
    public static final String THREADPRIVATE = "__jomp_threadprivate";
    /** OpenMP 6.0 groupprivate: (original, size, device type 0 any | 1 host | 2 nohost) -> the contention group's copy. */
    public static final String GROUPPRIVATE = "__jomp_groupprivate";

    public static final String COPYIN = "__jomp_copyin";
    /** The alignment an allocator's alignment trait asks for (1 when none): storage of allocate directives and clauses. */
    public static final String ALLOCATOR_ALIGNMENT = "__jomp_allocator_alignment";

    public static final String SINGLE = "__jomp_single";
    public static final String MASTER = "__jomp_master";
    public static final String MASKED = "__jomp_masked";
    public static final String CRITICAL_ENTER = "__jomp_critical_enter";
    public static final String CRITICAL_EXIT = "__jomp_critical_exit";
    public static final String ATOMIC_ENTER = "__jomp_atomic_enter";
    public static final String ATOMIC_EXIT = "__jomp_atomic_exit";
    public static final String REDUCE_ENTER = "__jomp_reduce_enter";
    public static final String REDUCE_EXIT = "__jomp_reduce_exit";
    public static final String TASKWAIT = "__jomp_taskwait";
    public static final String TASK_ALLOC = "__jomp_task_alloc";
    public static final String TASK_EVENT = "__jomp_task_event";
    public static final String TASK_SUBMIT = "__jomp_task_submit";
    public static final String TASKWAIT_DEPS = "__jomp_taskwait_deps";
    public static final String TASKGROUP_BEGIN = "__jomp_taskgroup_begin";
    public static final String TASKGROUP_END = "__jomp_taskgroup_end";
    /** A target data region's implicit taskgroup (OpenMP 6.0): a taskgroup no tool hears of, as libomptarget 19 has none. */
    public static final String TARGET_DATA_GROUP_BEGIN = "__jomp_target_data_group_begin";

    public static final String TARGET_DATA_GROUP_END = "__jomp_target_data_group_end";
    public static final String TASKYIELD = "__jomp_taskyield";
    public static final String TASKLOOP = "__jomp_taskloop";
    public static final String DEPOBJ_INIT = "__jomp_depobj_init";
    public static final String DEPOBJ_UPDATE = "__jomp_depobj_update";
    public static final String DEPOBJ_DESTROY = "__jomp_depobj_destroy";
    public static final String ERROR = "__jomp_error";
    public static final String DEVICE_MATCHES = "__jomp_device_matches";
    public static final String TARGET_DEVICE_MATCHES = "__jomp_target_device_matches";
    public static final String SET_THREAD_LIMIT = "__jomp_set_thread_limit";
    public static final String CANCEL = "__jomp_cancel";
    public static final String CANCELLATION_POINT = "__jomp_cancellation_point";
    public static final String BARRIER_CANCEL = "__jomp_barrier_cancel";
    public static final String COPYPRIVATE_PUBLISH = "__jomp_copyprivate_publish";
    public static final String COPYPRIVATE_GET = "__jomp_copyprivate_get";
    public static final String LOOP_INIT = "__jomp_loop_init";
    public static final String LOOP_NEXT = "__jomp_loop_next";
    public static final String LOOP_STRIDE = "__jomp_loop_stride";
    public static final String LOOP_LOWER = "__jomp_loop_lower";
    public static final String LOOP_UPPER = "__jomp_loop_upper";
    public static final String ORDERED_LOOP = "__jomp_ordered_loop";
    public static final String ORDERED_ENTER = "__jomp_ordered_enter";
    public static final String ORDERED_EXIT = "__jomp_ordered_exit";
    public static final String ORDERED_END = "__jomp_ordered_end";
    public static final String DOACROSS_INIT = "__jomp_doacross_init";
    public static final String DOACROSS_POST = "__jomp_doacross_post";
    public static final String DOACROSS_WAIT = "__jomp_doacross_wait";
    public static final String DOACROSS_FINI = "__jomp_doacross_fini";
    public static final String TEAMS = "__jomp_teams";
    public static final String DISTRIBUTE = "__jomp_distribute";
    public static final String DISTRIBUTE_NEXT = "__jomp_distribute_next";
    /** What the tools interface needs to know and no other call says (OmptMarks); a no-op without a tool and on the GPU. */
    public static final String OMPT = "__jomp_ompt";

    // classification macros of jomp's <math.h> (jomp.runtime.libc.MathLib)
    public static final String FPCLASSIFY = "__jomp_fpclassify";
    public static final String FPCLASSIFYF = "__jomp_fpclassifyf";
    public static final String ISNAN = "__jomp_isnan";
    public static final String ISINF = "__jomp_isinf";
    public static final String ISFINITE = "__jomp_isfinite";
    public static final String SIGNBIT = "__jomp_signbit";

    // _Float16's conversions (jomp.runtime.libc.SoftFloat; the compiler's HalfFloats)
    public static final String F16_TO_F32 = "__jomp_f16_to_f32";
    public static final String F32_TO_F16 = "__jomp_f32_to_f16";
    public static final String ROUND_F16 = "__jomp_round_f16";
    public static final String ROUND_F16_F64 = "__jomp_round_f16_f64";

    // __float128's operations on values by address (jomp.runtime.libc.QuadCalls; the compiler's QuadOps)
    public static final String Q_BINARY = "__jomp_q_binary";
    /** _Complex __float128's + - * / (the compiler's QuadComplexOps). */
    public static final String Q_CBINARY = "__jomp_q_cbinary";

    public static final String Q_SQRT = "__jomp_q_sqrt";
    public static final String Q_COMPARE = "__jomp_q_compare";
    public static final String Q_FROM_F64 = "__jomp_q_from_f64";
    public static final String Q_FROM_I64 = "__jomp_q_from_i64";
    public static final String Q_FROM_I128 = "__jomp_q_from_i128";
    public static final String Q_TO_F64 = "__jomp_q_to_f64";
    public static final String Q_TO_F32 = "__jomp_q_to_f32";
    public static final String Q_TO_F16 = "__jomp_q_to_f16";
    public static final String Q_TO_I64 = "__jomp_q_to_i64";
    public static final String Q_TO_I128 = "__jomp_q_to_i128";
    /** The __float128 operations above, which only the host has (the GPU back end refuses them, as clang does the type). */
    public static final List<String> QUAD = List.of(
            Q_BINARY,
            Q_CBINARY,
            Q_SQRT,
            Q_COMPARE,
            Q_FROM_F64,
            Q_FROM_I64,
            Q_FROM_I128,
            Q_TO_F64,
            Q_TO_F32,
            Q_TO_F16,
            Q_TO_I64,
            Q_TO_I128);

    // _BitInt(N) of more than 128 bits, on its words by address (jomp.runtime.libc.BitIntCalls; the compiler's
    // WideBitInts)
    public static final String BI_BINARY = "__jomp_bitint_binary";
    public static final String BI_SHIFT = "__jomp_bitint_shift";
    public static final String BI_UNARY = "__jomp_bitint_unary";
    public static final String BI_COMPARE = "__jomp_bitint_compare";
    public static final String BI_TRUTH = "__jomp_bitint_truth";
    public static final String BI_FROM_I64 = "__jomp_bitint_from_i64";
    public static final String BI_CONVERT = "__jomp_bitint_convert";
    public static final String BI_FROM_F64 = "__jomp_bitint_from_f64";
    public static final String BI_TO_F64 = "__jomp_bitint_to_f64";
    public static final String BI_TO_F32 = "__jomp_bitint_to_f32";
    /** The wide _BitInt operations above, which only the host has (clang's nvptx64 stops _BitInt at 128 bits). */
    public static final List<String> WIDE_BITINT = List.of(
            BI_BINARY,
            BI_SHIFT,
            BI_UNARY,
            BI_COMPARE,
            BI_TRUTH,
            BI_FROM_I64,
            BI_CONVERT,
            BI_FROM_F64,
            BI_TO_F64,
            BI_TO_F32);

    // inline assembly's cpuid (jomp.runtime.libc.X86; the compiler's AsmLowering and <cpuid.h>)
    public static final String CPUID = "__jomp_cpuid";
    // inline assembly's xgetbv (jomp.runtime.libc.X86; the compiler's AsmLowering and <xsaveintrin.h>)
    public static final String XGETBV = "__jomp_xgetbv";

    /** Every name above. */
    public static final List<String> ALL = List.of(
            TGT_TARGET_KERNEL,
            TARGET_FALLBACK_DONE,
            TGT_TARGET_DATA_BEGIN_MAPPER,
            TGT_TARGET_DATA_END_MAPPER,
            TGT_TARGET_DATA_UPDATE_MAPPER,
            TGT_MAPPER_NUM_COMPONENTS,
            TGT_PUSH_MAPPER_COMPONENT,
            TGT_SET_INFO_FLAG,
            MAPPER_TYPE,
            ANCESTOR_ENTER,
            ANCESTOR_EXIT,
            INTEROP_INIT,
            INTEROP_USE,
            INTEROP_DESTROY,
            TARGET_TRANSLATE,
            FORK,
            BARRIER,
            NUM_THREADS_LIST,
            THREADPRIVATE,
            GROUPPRIVATE,
            COPYIN,
            ALLOCATOR_ALIGNMENT,
            SINGLE,
            MASTER,
            MASKED,
            CRITICAL_ENTER,
            CRITICAL_EXIT,
            ATOMIC_ENTER,
            ATOMIC_EXIT,
            REDUCE_ENTER,
            REDUCE_EXIT,
            TASKWAIT,
            TASK_ALLOC,
            TASK_EVENT,
            TASK_SUBMIT,
            TASKWAIT_DEPS,
            TASKGROUP_BEGIN,
            TASKGROUP_END,
            TARGET_DATA_GROUP_BEGIN,
            TARGET_DATA_GROUP_END,
            TASKYIELD,
            TASKLOOP,
            DEPOBJ_INIT,
            DEPOBJ_UPDATE,
            DEPOBJ_DESTROY,
            ERROR,
            DEVICE_MATCHES,
            TARGET_DEVICE_MATCHES,
            SET_THREAD_LIMIT,
            CANCEL,
            CANCELLATION_POINT,
            BARRIER_CANCEL,
            COPYPRIVATE_PUBLISH,
            COPYPRIVATE_GET,
            LOOP_INIT,
            LOOP_NEXT,
            LOOP_STRIDE,
            LOOP_LOWER,
            LOOP_UPPER,
            ORDERED_LOOP,
            ORDERED_ENTER,
            ORDERED_EXIT,
            ORDERED_END,
            DOACROSS_INIT,
            DOACROSS_POST,
            DOACROSS_WAIT,
            DOACROSS_FINI,
            TEAMS,
            DISTRIBUTE,
            DISTRIBUTE_NEXT,
            OMPT,
            FPCLASSIFY,
            FPCLASSIFYF,
            ISNAN,
            ISINF,
            ISFINITE,
            SIGNBIT,
            F16_TO_F32,
            F32_TO_F16,
            ROUND_F16,
            ROUND_F16_F64,
            Q_BINARY,
            Q_CBINARY,
            Q_SQRT,
            Q_COMPARE,
            Q_FROM_F64,
            Q_FROM_I64,
            Q_FROM_I128,
            Q_TO_F64,
            Q_TO_F32,
            Q_TO_F16,
            Q_TO_I64,
            Q_TO_I128,
            BI_BINARY,
            BI_SHIFT,
            BI_UNARY,
            BI_COMPARE,
            BI_TRUTH,
            BI_FROM_I64,
            BI_CONVERT,
            BI_FROM_F64,
            BI_TO_F64,
            BI_TO_F32,
            CPUID,
            XGETBV);
}
