// KERNELS: 2
/* Structs mapped by value: firstprivate by default, to/from as a block of bytes when mapped. */
#include <stdio.h>
struct vec { double x, y, z; };
struct cell { int id; struct vec pos; char tag[8]; };
int main(void) {
  struct vec v = {1.0, 2.0, 3.0};
  struct cell c = {7, {0.5, 0.25, 0.125}, "cell"};
  double out[3];
#pragma omp target map(from : out)
  {
    out[0] = v.x * 2; out[1] = v.y * 2; out[2] = v.z * 2;
    v.x = 99; /* firstprivate: not seen by the host */
  }
#pragma omp target map(tofrom : c)
  {
    c.id += 1;
    c.pos.x += c.pos.y + c.pos.z;
    c.tag[0] = 'C';
  }
  printf("out = %g %g %g, v.x = %g\n", out[0], out[1], out[2], v.x);
  printf("c = %d (%g %g %g) %s\n", c.id, c.pos.x, c.pos.y, c.pos.z, c.tag);
  return 0;
}
