// KERNELS: 1
// ORACLE: expected
// ENV: OMP_THREAD_LIMIT=4 OMP_THREADS_RESERVE=structured(1),free_agent(2) OMP_AVAILABLE_DEVICES=kind(fpga),kind(nohost)[0],kind(nohost) OMP_DEFAULT_DEVICE=device_num(3),uid(nothing),kind(nohost)[1],kind(host)
// WHY: OpenMP 6.0 environment variables: gcc 12 and clang 19 read neither OMP_THREADS_RESERVE nor
// WHY: OMP_AVAILABLE_DEVICES, nor trait specifications in OMP_DEFAULT_DEVICE (nor know threadset)
/* OpenMP 6.0's environment: OMP_THREADS_RESERVE reserves 2 of the 4 threads of OMP_THREAD_LIMIT
 * for free agents, so a parallel region's team has at most 2 (structured-thread-limit-var) while
 * omp_get_thread_limit stays 4, and omp_pool tasks still all run (on the team's threads: jomp has
 * no free agents); OMP_AVAILABLE_DEVICES keeps one device (no FPGA, the first nohost device, then
 * no other); OMP_DEFAULT_DEVICE's first items name no device (no device 3, no such uid, no second
 * nohost device), kind(host) does: target regions without a device clause run on the host. */
#include <stdio.h>
#include <omp.h>
int main(void) {
  int team = 0;
#pragma omp parallel num_threads(4) shared(team)
#pragma omp single
  team = omp_get_num_threads();
  printf("team of num_threads(4): %d threads; thread limit %d\n", team, omp_get_thread_limit());

  int sum = 0, free_agents = 0;
#pragma omp parallel shared(sum, free_agents)
#pragma omp single
  for (int i = 1; i <= 10; i++) {
#pragma omp task threadset(omp_pool) shared(sum, free_agents)
    {
#pragma omp atomic
      sum += i;
#pragma omp atomic
      free_agents += omp_is_free_agent();
    }
  }
  printf("omp_pool tasks: sum %d, run by free agents %d\n", sum, free_agents);

  printf("available devices: %d; default device is the host %d\n", omp_get_num_devices(),
         omp_get_default_device() == omp_get_initial_device());
  int on_host = 0, on_device = 0;
#pragma omp target map(from: on_host)
  on_host = omp_is_initial_device();
#pragma omp target device(0) map(from: on_device)
  on_device = omp_is_initial_device();
  printf("target region without a device clause on the host %d; with device(0) %d\n", on_host, on_device);
  return 0;
}
