# The native part of a jomp executable (linker-wrapper's Launcher puts these bytes, assembled,
# after an ELF header; `LauncherTest` assembles this file with GNU as and compares). Position
# independent, no libc, raw Linux x86-64 system calls only.
#
# _start   runs when the executable is run: it execs /bin/sh -c SCRIPT argv0 EXE argv1...,
#          where SCRIPT is the text Launcher appends at `script` and EXE this file's path.
# ctor     runs when the script has the JVM preload this same file (LD_PRELOAD), before the JVM
#          starts: it installs `handler` for SIGSEGV, SIGBUS, SIGILL and SIGFPE, so the JVM finds
#          a handler already there and chains it (HotSpot's UseSignalChaining): a fault the JVM
#          does not expect (a C program's bad pointer) goes to `handler` instead of the JVM's crash
#          report. It installs the same handler for SIGPIPE and SIGXFSZ, which HotSpot ignores
#          and then passes on (unless the program was started with them ignored): a write to a
#          closed pipe ends the program by SIGPIPE as in C. It also takes this file back out of LD_PRELOAD, so the C program and its
#          children see the environment they were started with. And where the image has a
#          segment of read-only data (the program's .rodata, which ld.so has mapped read-only
#          with the rest), it writes the segment's address into the JVM's argument
#          -Djomp.rodata=0000000000000000 (16 hex digits), so that the C program's read-only
#          data is this read-only memory and a write to it faults as in C.
#
# The image's start is CODE bytes before _start (the ELF header and program headers); Launcher
# writes the read-only segment's address relative to it (0: none) into the quadword `rodata`.
        .set    CODE, 64 + 5 * 56
        .intel_syntax noprefix
        .text
        .globl _start, ctor
# Entry when the file is run: exec /bin/sh -c SCRIPT argv0 EXE argv1... (EXE from /proc/self/exe)
_start:
entry:                                      # (a local name: as resolves a global one by relocation)
        mov     rbx, rsp
        mov     r12, [rbx]                  # argc
        lea     r13, [rbx+8]                # argv
        lea     r14, [r13+r12*8+8]          # envp
        sub     rsp, 4096
        mov     r15, rsp                    # buffer for the executable's path
        mov     eax, 89                     # readlink
        lea     rdi, [rip+procexe]
        mov     rsi, r15
        mov     edx, 4095
        syscall
        test    rax, rax
        jle     1f
        mov     byte ptr [r15+rax], 0
        jmp     2f
1:      mov     r15, [r13]                  # no /proc: argv[0]
2:      lea     rax, [r12*8+48]
        sub     rsp, rax
        and     rsp, -16
        mov     rdi, rsp
        lea     rax, [rip+sh]
        mov     [rdi], rax
        lea     rax, [rip+dashc]
        mov     [rdi+8], rax
        lea     rax, [rip+script]
        mov     [rdi+16], rax
        mov     rax, [r13]
        mov     [rdi+24], rax
        mov     [rdi+32], r15
        mov     ecx, 1
3:      cmp     rcx, r12
        ja      4f
        mov     rax, [r13+rcx*8]
        mov     [rdi+rcx*8+32], rax
        inc     rcx
        jmp     3b
4:      mov     rsi, rdi
        lea     rdi, [rip+sh]
        mov     rdx, r14
        mov     eax, 59                     # execve
        syscall
        mov     edi, 127
        mov     eax, 60                     # exit
        syscall

# DT_INIT when preloaded into the JVM (argc in edi, argv in rsi, envp in rdx)
ctor:
        push    rbx
        push    r12
        push    r13
        sub     rsp, 32
        mov     rbx, rdx
        mov     r12, rsi
        lea     rax, [rip+handler]
        mov     [rsp], rax
        mov     qword ptr [rsp+8], 0x04000004 # SA_SIGINFO | SA_RESTORER
        lea     rax, [rip+restorer]
        mov     [rsp+16], rax
        mov     qword ptr [rsp+24], 0
        mov     edi, 11
        call    install
        mov     edi, 7
        call    install
        mov     edi, 4
        call    install
        mov     edi, 8
        call    install
        mov     edi, 13                     # SIGPIPE and SIGXFSZ: only when not inherited as ignored
        call    installunlessignored
        mov     edi, 25
        call    installunlessignored
        # -Djomp.rodata=0000000000000000 -> the read-only segment's address
        mov     rax, [rip+rodata]
        test    rax, rax
        jz      5f
        lea     rcx, [rip+entry-CODE]
        add     rax, rcx
13:     mov     rsi, [r12]
        test    rsi, rsi
        jz      5f
        add     r12, 8
        lea     rdi, [rip+rodataopt]
        mov     ecx, 14
        repe cmpsb
        jne     13b
        xor     ecx, ecx                    # exactly 16 zeros follow, then the end
14:     cmp     byte ptr [rsi+rcx], '0'
        jne     13b
        inc     ecx
        cmp     ecx, 16
        jb      14b
        cmp     byte ptr [rsi+16], 0
        jne     13b
        lea     r8, [rip+hexdigits]
        mov     ecx, 16
15:     rol     rax, 4
        mov     edx, eax
        and     edx, 15
        mov     dl, [r8+rdx]
        mov     [rsi], dl
        inc     rsi
        dec     ecx
        jnz     15b
        # LD_PRELOAD=<this file>[ :]<rest>  ->  LD_PRELOAD=<rest>, or no LD_PRELOAD
5:      mov     rsi, [rbx]
        test    rsi, rsi
        jz      9f
        lea     rdi, [rip+ldpreload]
        mov     ecx, 11
        repe cmpsb
        je      6f
        add     rbx, 8
        jmp     5b
6:      mov     rdi, rsi                    # the value
7:      mov     al, [rsi]
        test    al, al
        jz      8f
        inc     rsi
        cmp     al, ' '
        je      10f
        cmp     al, ':'
        je      10f
        jmp     7b
10:     mov     al, [rsi]                   # move the rest over this file's name
        mov     [rdi], al
        inc     rsi
        inc     rdi
        test    al, al
        jnz     10b
        jmp     9f
8:      mov     rax, [rbx+8]                # only this file: drop the variable
        mov     [rbx], rax
        add     rbx, 8
        test    rax, rax
        jnz     8b
9:      add     rsp, 32
        pop     r13
        pop     r12
        pop     rbx
        ret
install:                                    # rt_sigaction(edi, [rsp+8] act, NULL, 8)
        lea     rsi, [rsp+8]
        xor     edx, edx
        mov     r10d, 8
        mov     eax, 13
        syscall
        ret
installunlessignored:                       # the same unless edi's action is SIG_IGN
        sub     rsp, 40                     # the old action's 32 bytes (ctor's act is now at [rsp+48])
        mov     r8d, edi
        xor     esi, esi
        mov     rdx, rsp
        mov     r10d, 8
        mov     eax, 13                     # rt_sigaction(edi, NULL, [rsp] old, 8)
        syscall
        test    rax, rax
        jnz     16f
        cmp     qword ptr [rsp], 1          # SIG_IGN
        je      16f
        mov     edi, r8d
        lea     rsi, [rsp+48]
        xor     edx, edx
        mov     r10d, 8
        mov     eax, 13
        syscall
16:     add     rsp, 40
        ret

# The fault handler, called by the JVM for a fault it does not expect (edi: the signal, rsi: its
# siginfo): back to the default action. A fault (si_code > 0) then returns: the faulting
# instruction faults again and ends the process as in C. A signal sent by kill or raise
# (si_code <= 0) is sent again to this thread: blocked while the handlers run, it ends the
# process as they return.
handler:
        push    rbx
        push    r12
        sub     rsp, 40
        mov     ebx, edi
        mov     r12d, 1
        test    rsi, rsi
        jz      11f
        mov     r12d, [rsi+8]               # si_code
11:     xor     eax, eax
        mov     [rsp], rax
        mov     [rsp+8], rax
        mov     [rsp+16], rax
        mov     [rsp+24], rax
        mov     edi, ebx
        mov     rsi, rsp
        xor     edx, edx
        mov     r10d, 8
        mov     eax, 13                     # rt_sigaction(sig, SIG_DFL, NULL, 8)
        syscall
        test    r12d, r12d
        jg      12f
        mov     eax, 39                     # getpid
        syscall
        mov     r12, rax
        mov     eax, 186                    # gettid
        syscall
        mov     rdi, r12
        mov     rsi, rax
        mov     edx, ebx
        mov     eax, 234                    # tgkill(pid, tid, sig)
        syscall
12:     add     rsp, 40
        pop     r12
        pop     rbx
        ret
restorer:
        mov     eax, 15                     # rt_sigreturn
        syscall

rodata:    .quad 0
procexe:   .asciz "/proc/self/exe"
sh:        .asciz "/bin/sh"
dashc:     .asciz "-c"
ldpreload: .ascii "LD_PRELOAD="
rodataopt: .ascii "-Djomp.rodata="
hexdigits: .ascii "0123456789abcdef"
script:
