// KERNELS: 3
// ORACLE: expected
// WHY: OpenMP 6.0 syntax: gcc 12 and clang 19 know neither taskgraph nor the task clauses
// WHY: replayable, transparent and threadset, message and severity on parallel, num_threads(strict:)
// WHY: with a list, the 6.0 allocator traits, omp_is_free_agent, induction or underscore directive names
/* OpenMP 6.0 tasking and parallel regions: a taskgraph region runs its tasks to completion before
 * it ends (an implicit taskgroup), with nogroup it does not wait; graph_id, graph_reset and if
 * are evaluated each time; task clauses replayable, transparent and threadset keep the task's
 * meaning; parallel with message and severity and num_threads(strict: ...) forms a team of the
 * threads asked; underscore names (parallel_for); 6.0 allocator traits; no free-agent threads,
 * on the host and on the device; induction variables take, in each iteration, the value a
 * sequential run gives them there (x + i * step, x * step^i), and end with the last one's. */
#include <stdio.h>
#include <omp.h>
static int calls;
static int next_id(int i) { calls++; return i % 3; }
int main(void) {
  int x = 0, done_in_group = 0;
#pragma omp parallel num_threads(4) shared(x, done_in_group)
#pragma omp single
  for (int i = 0; i < 6; i++) {
#pragma omp taskgraph graph_id(next_id(i)) graph_reset(i == 3) if(i != 1)
    {
      for (int k = 0; k < 3; k++) {
#pragma omp task depend(inout: x) shared(x) replayable
        x++;
      }
    }
    done_in_group += x == 3 * (i + 1);
  }
  printf("taskgraph: x %d, complete at each region's end %d of 6, graph_id evaluated %d times\n", x, done_in_group, calls);

  int y = 0;
#pragma omp parallel num_threads(2) shared(y)
#pragma omp single
  {
#pragma omp taskgraph nogroup
    {
#pragma omp task shared(y) transparent(omp_impex) threadset(omp_team)
      {
#pragma omp atomic
        y += 5;
      }
#pragma omp task shared(y) transparent threadset(omp_pool)
      {
#pragma omp atomic
        y += 7;
      }
    }
#pragma omp taskwait
    printf("taskgraph nogroup, then taskwait: y %d\n", y);
  }

  int team = 0, strict_team = 0;
#pragma omp parallel num_threads(3) message("three threads") severity(warning)
#pragma omp single
  team = omp_get_num_threads();
#pragma omp parallel num_threads(strict: 2, 2) severity(fatal) message("need two")
#pragma omp single
  strict_team = omp_get_num_threads();
  printf("parallel: %d threads, strict %d\n", team, strict_team);

  int sum = 0;
#pragma omp parallel_for reduction(+: sum) num_threads(4)
  for (int i = 1; i <= 100; i++) sum += i;
  printf("parallel_for: %d\n", sum);

  omp_alloctrait_t traits[] = {{omp_atk_pin_device, omp_get_initial_device()},
                               {omp_atk_target_access, omp_atv_multiple}, {omp_atk_atomic_scope, omp_atv_all}};
  omp_allocator_handle_t al = omp_init_allocator(omp_default_mem_space, 3, traits);
  omp_alloctrait_t bad = {omp_atk_target_access, omp_atv_blocked};
  omp_allocator_handle_t none = omp_init_allocator(omp_default_mem_space, 1, &bad);
  int *v = omp_alloc(8 * sizeof(int), al);
  for (int i = 0; i < 8; i++) v[i] = i;
#pragma omp target map(tofrom: v[0:8])
  for (int i = 0; i < 8; i++) v[i] *= 3;
  printf("allocator with 6.0 traits: %d, v[7] %d; an invalid value gives the null allocator: %d\n",
         al != omp_null_allocator, v[7], none == omp_null_allocator);
  omp_free(v, al);
  omp_destroy_allocator(al);

  int ix = 3, ixs[10];
  double iy = 1.0, iys[10];
  long iz = 100, izs[10];
#pragma omp parallel for induction(step(2), +: ix) induction(step(1.5), *: iy) induction(step(-4), +: iz) num_threads(3)
  for (int i = 0; i < 10; i++) {
    ixs[i] = ix; iys[i] = iy; izs[i] = iz;
    ix += 2; iy *= 1.5; iz -= 4;
  }
  printf("induction: %d %d %g %g %ld %ld, after %d %g %ld\n", ixs[1], ixs[9], iys[2], iys[9], izs[1], izs[9], ix, iy, iz);
  int pw = 1, pws[12];
#pragma omp target teams distribute parallel for induction(step(3), *: pw) map(from: pws)
  for (int i = 0; i < 12; i++) {
    pws[i] = pw;
    pw *= 3;
  }
  printf("induction in a target region: %d %d %d\n", pws[0], pws[5], pws[11]);

  int free_host = omp_is_free_agent(), free_dev = -1, anc_dev = -1;
#pragma omp target map(from: free_dev, anc_dev)
  {
    free_dev = omp_is_free_agent();
    anc_dev = omp_ancestor_is_free_agent(0);
  }
  printf("free agents: host %d, device %d %d\n", free_host, free_dev, anc_dev);
  return 0;
}
