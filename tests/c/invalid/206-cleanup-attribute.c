// CHECK: 28:22: warning: 'cleanup' attribute only applies to local variables [-Wignored-attributes]
// CHECK: 30:32: error: 'cleanup' function 'f2' must take 1 parameter
// CHECK: 31:32: error: 'cleanup' function 'f3' parameter has type 'long *' which is incompatible with type 'int *'
// CHECK: 32:32: error: use of undeclared identifier 'nosuch'
// CHECK: 33:32: error: 'cleanup' argument 'f4' is not a function
// CHECK: 34:32: error: 'cleanup' function 'f5' must take 1 parameter
// CHECK: 35:24: error: 'cleanup' attribute takes one argument
// CHECK: 36:32: error: 'cleanup' argument is not a function
// CHECK: 37:31: warning: 'cleanup' attribute only applies to local variables [-Wignored-attributes]
// CHECK: 38:38: error: 'cleanup' function 'f1' parameter has type 'int *' which is incompatible with type 'const int *'
// CHECK: 39:39: error: 'cleanup' function 'fv' parameter has type 'void *' which is incompatible with type 'const int *'
// CHECK: 40:34: error: 'cleanup' function 'f1' parameter has type 'int *' which is incompatible with type 'char *'
// CHECK: 41:35: error: 'cleanup' function 'f1' parameter has type 'int *' which is incompatible with type 'void **'
// CHECK: 42:38: error: 'cleanup' function 'f1' parameter has type 'int *' which is incompatible with type 'unsigned int *'
// CHECK: 45:29: warning: 'cleanup' attribute only applies to local variables [-Wignored-attributes]
// CHECK: 52:10: error: cannot jump from this goto statement to its label
// CHECK: 50:3: error: cannot jump from switch statement to this case label
// CHECK: 49:3: error: cannot jump from switch statement to this case label
// The cleanup attribute checked as clang checks it: one argument naming a function of one
// parameter to which &var converts without a diagnostic; ignored (a warning) where the variable
// is not automatic; no jump into the scope of a variable with a cleanup (goto or case label).
void f1(int *p);
void f2(int a, int b);
void f3(long *p);
int f4;
void f5(void);
void fv(void *p);
int g __attribute__((cleanup(f1)));
void t(void) {
  int a __attribute__((cleanup(f2))) = 1;
  int b __attribute__((cleanup(f3))) = 1;
  int c __attribute__((cleanup(nosuch))) = 1;
  int d __attribute__((cleanup(f4))) = 1;
  int e __attribute__((cleanup(f5))) = 1;
  int f __attribute__((cleanup)) = 1;
  int h __attribute__((cleanup("f1"))) = 1;
  static int s __attribute__((cleanup(f1)));
  const int k __attribute__((cleanup(f1))) = 1;
  const int k2 __attribute__((cleanup(fv))) = 1;
  char cc __attribute__((cleanup(f1))) = 1;
  void *vv __attribute__((cleanup(f1))) = 0;
  unsigned uu __attribute__((cleanup(f1))) = 0;
  int fine __attribute__((cleanup(fv))) = 0;
}
void p(int q __attribute__((cleanup(f1)))) {}
int u(int x) {
  switch (x) {
    int a __attribute__((cleanup(f1))) = 1;
  case 1: return a;
  default: break;
  }
  if (x) goto in;
  { int a __attribute__((cleanup(f1))) = 1;
    { int b __attribute__((cleanup(f1))) = 1;
    in: return 1; }
  }
  return 0;
}
