#include <stdio.h>
#include <string.h>
#include <stdint.h>
/* arbitrary-precision factorial in base 10^9 */
int main(void) {
    uint32_t digits[400];
    int len = 1;
    digits[0] = 1;
    for (uint32_t k = 2; k <= 200; k++) {
        uint64_t carry = 0;
        for (int i = 0; i < len; i++) {
            uint64_t cur = (uint64_t)digits[i] * k + carry;
            digits[i] = (uint32_t)(cur % 1000000000u);
            carry = cur / 1000000000u;
        }
        while (carry) { digits[len++] = (uint32_t)(carry % 1000000000u); carry /= 1000000000u; }
    }
    char out[4000];
    int pos = sprintf(out, "%u", digits[len - 1]);
    for (int i = len - 2; i >= 0; i--) pos += sprintf(out + pos, "%09u", digits[i]);
    printf("200! has %zu digits\n", strlen(out));
    printf("%.40s...\n", out);
    int zeros = 0;
    for (int i = pos - 1; i >= 0 && out[i] == '0'; i--) zeros++;
    int digit_sum = 0;
    for (int i = 0; i < pos; i++) digit_sum += out[i] - '0';
    printf("trailing zeros %d, digit sum %d\n", zeros, digit_sum);
    return 0;
}
