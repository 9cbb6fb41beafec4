/* The omp_* API outside any parallel region; run with OMP_NUM_THREADS=4 and compare with gcc -fopenmp. */
#include <stdio.h>
#include <omp.h>
int main(void) {
    double t0 = omp_get_wtime();
    printf("max_threads %d\n", omp_get_max_threads());
    printf("num_threads %d thread_num %d in_parallel %d\n", omp_get_num_threads(), omp_get_thread_num(), omp_in_parallel());
    printf("level %d active_level %d ancestor0 %d ancestor1 %d team_size0 %d team_size1 %d\n", omp_get_level(),
           omp_get_active_level(), omp_get_ancestor_thread_num(0), omp_get_ancestor_thread_num(1), omp_get_team_size(0),
           omp_get_team_size(1));
    printf("dynamic %d nested %d max_active_levels %d thread_limit %d\n", omp_get_dynamic(), omp_get_nested(),
           omp_get_max_active_levels(), omp_get_thread_limit());
    omp_set_num_threads(3);
    omp_set_dynamic(1);
    omp_set_max_active_levels(2);
    printf("after set: max_threads %d dynamic %d max_active_levels %d nested %d\n", omp_get_max_threads(),
           omp_get_dynamic(), omp_get_max_active_levels(), omp_get_nested());
    omp_sched_t kind;
    int chunk;
    omp_set_schedule(omp_sched_guided, 7);
    omp_get_schedule(&kind, &chunk);
    printf("schedule %d %d\n", (int)kind, chunk);
    printf("num_devices %d is_initial %d initial %d device_num %d default %d\n", omp_get_num_devices(),
           omp_is_initial_device(), omp_get_initial_device(), omp_get_device_num(), omp_get_default_device());
    printf("num_teams %d team_num %d in_final %d\n", omp_get_num_teams(), omp_get_team_num(), omp_in_final());
    omp_lock_t lock;
    omp_init_lock(&lock);
    omp_set_lock(&lock);
    printf("test held lock %d\n", omp_test_lock(&lock));
    omp_unset_lock(&lock);
    printf("test free lock %d\n", omp_test_lock(&lock));
    omp_unset_lock(&lock);
    omp_destroy_lock(&lock);
    omp_nest_lock_t nest;
    omp_init_nest_lock(&nest);
    omp_set_nest_lock(&nest);
    printf("nest count %d\n", omp_test_nest_lock(&nest));
    omp_unset_nest_lock(&nest);
    omp_unset_nest_lock(&nest);
    omp_destroy_nest_lock(&nest);
    double *p = omp_target_alloc(8 * sizeof(double), omp_get_initial_device());
    double src[8] = {1, 2, 3, 4, 5, 6, 7, 8};
    int r = omp_target_memcpy(p, src, sizeof src, 0, 0, omp_get_initial_device(), omp_get_initial_device());
    printf("target memcpy %d %g %g\n", r, p[0], p[7]);
    omp_target_free(p, omp_get_initial_device());
    double t1 = omp_get_wtime();
    printf("wtime monotonic %d tick fine %d\n", t1 >= t0, omp_get_wtick() > 0 && omp_get_wtick() <= 1e-6);
    return 0;
}
