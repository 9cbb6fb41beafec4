/* A distributed Jacobi solver for Laplace's equation on an NX x NY grid: the rows are split among
 * the MPI ranks, each rank exchanges its boundary rows with its neighbours (MPI_Sendrecv) and
 * sweeps its rows on its OpenMP offload device; the ranks agree on the largest change of a sweep
 * with MPI_Allreduce(MAX), so every rank stops at the same iteration. The output depends on nothing
 * but the arithmetic: max is exact in any order, and the checksum adds in a fixed order. */
#include <mpi.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <math.h>

#define NX 96
#define NY 128
#define MAX_ITER 400
#define TOL 1e-3

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int devices = omp_get_num_devices();
    if (devices > 0) omp_set_default_device(rank % devices);   /* one device per rank, by local rank */

    int rows = NY / size + (rank < NY % size);                  /* interior rows of this rank */
    int first = rank * (NY / size) + (rank < NY % size ? rank : NY % size);
    int n = (rows + 2) * NX;                                    /* with one halo row above and below */
    double *u = calloc(n, sizeof *u), *v = calloc(n, sizeof *v);
    /* boundary: the top edge of the whole grid is hot, the left edge warm */
    for (int j = 0; j < rows + 2; j++) {
        int gj = first + j - 1;
        for (int i = 0; i < NX; i++) {
            double b = gj < 0 ? 100.0 : (i == 0 ? 50.0 * (gj + 1) / NY : 0.0);
            u[j * NX + i] = v[j * NX + i] = b;
        }
    }
    int up = rank > 0 ? rank - 1 : MPI_PROC_NULL, down = rank < size - 1 ? rank + 1 : MPI_PROC_NULL;
    int iter = 0;
    double change = 0;
    int last_row = first + rows == NY;   /* the grid's bottom row is fixed (0) */
    #pragma omp target data map(tofrom: u[0:n]) map(to: v[0:n])
    for (iter = 1; iter <= MAX_ITER; iter++) {
        /* halo exchange: the first and last interior rows go to the neighbours */
        #pragma omp target update from(u[NX:NX], u[rows * NX:NX])
        MPI_Sendrecv(&u[NX], NX, MPI_DOUBLE, up, 0, &u[(rows + 1) * NX], NX, MPI_DOUBLE, down, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Sendrecv(&u[rows * NX], NX, MPI_DOUBLE, down, 1, &u[0], NX, MPI_DOUBLE, up, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        #pragma omp target update to(u[0:NX], u[(rows + 1) * NX:NX])
        double local = 0;
        int hi = rows - (last_row ? 1 : 0);
        #pragma omp target teams distribute parallel for collapse(2) reduction(max: local)
        for (int j = 1; j <= hi; j++)
            for (int i = 1; i < NX - 1; i++) {
                double x = 0.25 * (u[(j - 1) * NX + i] + u[(j + 1) * NX + i] + u[j * NX + i - 1] + u[j * NX + i + 1]);
                double d = fabs(x - u[j * NX + i]);
                if (d > local) local = d;
                v[j * NX + i] = x;
            }
        #pragma omp target teams distribute parallel for collapse(2)
        for (int j = 1; j <= hi; j++)
            for (int i = 1; i < NX - 1; i++) u[j * NX + i] = v[j * NX + i];
        MPI_Allreduce(&local, &change, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
        if (rank == 0 && (iter % 50 == 0 || iter == 1)) printf("iteration %3d: largest change %.10e\n", iter, change);
        if (change < TOL) break;
    }
    double sum = 0, all = 0;
    for (int j = 1; j <= rows; j++)
        for (int i = 0; i < NX; i++) sum += u[j * NX + i];
    double *sums = rank == 0 ? malloc(size * sizeof *sums) : NULL;
    MPI_Gather(&sum, 1, MPI_DOUBLE, sums, 1, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        for (int r = 0; r < size; r++) all += sums[r];
        printf("ranks %d, stopped after %d iterations, change %.10e, checksum %.10e\n", size, iter, change, all);
        printf("u(%d,%d) = %.10f\n", NX / 2, NY / 4, u[(NY / 4 - first + 1) * NX + NX / 2]);
    }
    free(u); free(v); free(sums);
    MPI_Finalize();
    return 0;
}
