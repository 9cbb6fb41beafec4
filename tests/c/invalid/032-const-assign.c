// CHECK: 5:11: error: cannot assign to variable 'limit' with const-qualified type 'const int'
// CHECK: 7:10: error: read-only variable is not assignable
int main(void) {
    const int limit = 10;
    limit = 20;
    const char *s = "text";
    s[0] = 'T';
    return limit;
}
