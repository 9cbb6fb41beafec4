# The native half of a C program's signal handlers (jomp.runtime.ffi.SignalCatcher puts these bytes,
# assembled, at the start of a code page; SignalCatcherTest assembles this file with GNU as and
# compares). The data page follows the code page: a count per signal (int, at 4 * signo), the
# write end of the wake-up pipe (int, at 512), one byte to write (at 516), and a copy of each
# signal's last siginfo_t (128 bytes, at 1024 + 128 * signo).
#
# catch(signo, info, context) is installed with SA_SIGINFO for every signal whose C handler is a
# jomp function, or which the program has blocked: it copies the siginfo, counts the signal and
# writes a byte to the pipe, on whatever thread the kernel chose, JVM thread or not; it calls
# nothing, allocates nothing and leaves errno alone (raw system call). The runtime's signal thread
# reads the pipe and runs the C handler (jomp.runtime.libc.Signal).
        .intel_syntax noprefix
        .text
        .globl catch
catch:
start:                                      # (a local name: as resolves a global one by relocation)
        mov     edx, edi                    # signo
        lea     r8, [rip+start+4096]        # the data page
        test    rsi, rsi
        jz      1f
        mov     eax, edx
        shl     eax, 7
        lea     rdi, [r8+rax+1024]
        mov     ecx, 16
        rep movsq                           # the siginfo, 128 bytes
1:      lock inc dword ptr [r8+rdx*4]
        mov     edi, [r8+512]
        lea     rsi, [r8+516]
        mov     edx, 1
        mov     eax, 1                      # write(fd, &one, 1): the pipe is non-blocking
        syscall
        ret
