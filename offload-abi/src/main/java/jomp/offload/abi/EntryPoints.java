package jomp.offload.abi;

import java.util.List;

/**
 * The runtime's entry points that compiled host code calls by link name (docs/design/offload-abi.md
 * §1, §2): the OpenMP lowering emits calls to these names and the host link resolves them to
 * {@code public static} methods of the runtime's C library classes. The runtime's tests check that
 * every name here is such a method, so the two sides cannot drift apart unnoticed.
 */
public final class EntryPoints {
    private EntryPoints() {}

    // target regions and data (jomp.runtime.offload.Tgt), libomptarget's names
    public static final String TGT_TARGET_KERNEL = "__tgt_target_kernel";
    public static final String TGT_TARGET_DATA_BEGIN_MAPPER = "__tgt_target_data_begin_mapper";
    public static final String TGT_TARGET_DATA_END_MAPPER = "__tgt_target_data_end_mapper";
    public static final String TGT_TARGET_DATA_UPDATE_MAPPER = "__tgt_target_data_update_mapper";
    public static final String TGT_MAPPER_NUM_COMPONENTS = "__tgt_mapper_num_components";
    public static final String TGT_PUSH_MAPPER_COMPONENT = "__tgt_push_mapper_component";
    public static final String MAPPER_TYPE = "__jomp_mapper_type";
    public static final String TARGET_TRANSLATE = "__jomp_target_translate";
    public static final String TARGET_FALLBACK_DONE = "__jomp_target_fallback_done";
    public static final String ANCESTOR_ENTER = "__jomp_ancestor_enter";
    public static final String ANCESTOR_EXIT = "__jomp_ancestor_exit";
    public static final String INTEROP_INIT = "__jomp_interop_init";
    public static final String INTEROP_USE = "__jomp_interop_use";
    public static final String INTEROP_DESTROY = "__jomp_interop_destroy";

    // host OpenMP (jomp.runtime.omp.Kmpc)
    public static final String FORK = "__jomp_fork";
    public static final String TEAMS = "__jomp_teams";
    public static final String BARRIER = "__jomp_barrier";
    public static final String SINGLE = "__jomp_single";
    public static final String MASTER = "__jomp_master";
    public static final String MASKED = "__jomp_masked";
    public static final String CRITICAL_ENTER = "__jomp_critical_enter";
    public static final String CRITICAL_EXIT = "__jomp_critical_exit";
    public static final String ATOMIC_ENTER = "__jomp_atomic_enter";
    public static final String ATOMIC_EXIT = "__jomp_atomic_exit";
    public static final String REDUCE_ENTER = "__jomp_reduce_enter";
    public static final String REDUCE_EXIT = "__jomp_reduce_exit";
    public static final String COPYPRIVATE_PUBLISH = "__jomp_copyprivate_publish";
    public static final String COPYPRIVATE_GET = "__jomp_copyprivate_get";
    public static final String COPYIN = "__jomp_copyin";
    public static final String THREADPRIVATE = "__jomp_threadprivate";
    public static final String TASKWAIT = "__jomp_taskwait";
    public static final String LOOP_INIT = "__jomp_loop_init";
    public static final String LOOP_NEXT = "__jomp_loop_next";
    public static final String LOOP_LOWER = "__jomp_loop_lower";
    public static final String LOOP_UPPER = "__jomp_loop_upper";
    public static final String ORDERED_LOOP = "__jomp_ordered_loop";
    public static final String ORDERED_ENTER = "__jomp_ordered_enter";
    public static final String ORDERED_EXIT = "__jomp_ordered_exit";
    public static final String ORDERED_END = "__jomp_ordered_end";
    public static final String DISTRIBUTE = "__jomp_distribute";
    public static final String DISTRIBUTE_NEXT = "__jomp_distribute_next";

    /** Every name above. */
    public static final List<String> ALL = List.of(
        TGT_TARGET_KERNEL, TGT_TARGET_DATA_BEGIN_MAPPER, TGT_TARGET_DATA_END_MAPPER, TGT_TARGET_DATA_UPDATE_MAPPER,
        TGT_MAPPER_NUM_COMPONENTS, TGT_PUSH_MAPPER_COMPONENT, MAPPER_TYPE, TARGET_TRANSLATE, TARGET_FALLBACK_DONE,
        ANCESTOR_ENTER, ANCESTOR_EXIT, INTEROP_INIT, INTEROP_USE, INTEROP_DESTROY,
        FORK, TEAMS, BARRIER, SINGLE, MASTER, MASKED, CRITICAL_ENTER, CRITICAL_EXIT, ATOMIC_ENTER, ATOMIC_EXIT,
        REDUCE_ENTER, REDUCE_EXIT, COPYPRIVATE_PUBLISH, COPYPRIVATE_GET, COPYIN, THREADPRIVATE, TASKWAIT,
        LOOP_INIT, LOOP_NEXT, LOOP_LOWER, LOOP_UPPER, ORDERED_LOOP, ORDERED_ENTER, ORDERED_EXIT, ORDERED_END,
        DISTRIBUTE, DISTRIBUTE_NEXT);
}
