package jomp.plugin.ptxsim;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;
import jomp.runtime.plugin.DevicePlugin;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Each error the simulator checks for, planted in a kernel (errors.c through clang-19, or
 * hand-written PTX where C cannot say it): the launch fails, and the report names the error, the
 * kernel, the block and thread, the PTX line with its text and, for memory, the address.
 */
class PtxErrorTest {
    @TempDir
    Path dir;

    private DevicePlugin.LoadedImage errors(Sim sim) throws Exception {
        return sim.load(Sim.clangPtx(Sim.resource("errors.c", dir), dir));
    }

    private static String hex(long a) {
        return "0x" + Long.toHexString(a);
    }

    @Test
    void outOfBoundsGlobalReadNamesTheAllocation() throws Exception {
        Sim sim = new Sim();
        var img = errors(sim);
        long in = sim.alloc(4 * 32), out = sim.alloc(4 * 32);
        Sim.Failure f = sim.fails(img, "read_past_end", 1, 32, in, out, 32);
        assertThat(f.message())
                .contains("out-of-bounds global read", "read_past_end", "block 0", "thread 31", "PTX line");
        assertThat(f.report())
                .contains(
                        "ptxsim: error: out-of-bounds global read of 4 byte(s) at address " + hex(in + 128),
                        "0 bytes after the end of the 128-byte allocation at " + hex(in),
                        "in kernel read_past_end",
                        "block (0,0,0), thread (31,0,0)",
                        "ld.global.u32");
        assertThat(f.report()).containsPattern("PTX line \\d+: ld\\.global\\.u32");
    }

    @Test
    void outOfBoundsGlobalWrite() throws Exception {
        Sim sim = new Sim();
        long out = sim.alloc(4 * 16);
        Sim.Failure f = sim.fails(errors(sim), "write_past_end", 1, 32, out, 16);
        assertThat(f.report())
                .contains(
                        "out-of-bounds global write of 4 byte(s) at address " + hex(out + 64),
                        "thread (16,0,0)",
                        "st.global.u32");
    }

    @Test
    void misalignedAccess() throws Exception {
        Sim sim = new Sim();
        long p = sim.alloc(256);
        Sim.Failure f = sim.fails(errors(sim), "misaligned", 1, 8, p);
        assertThat(f.report())
                .contains(
                        "misaligned global write of 4 byte(s) at address " + hex(p + 2),
                        "thread (0,0,0)",
                        "must be aligned to 4 bytes",
                        "in kernel misaligned");
    }

    @Test
    void outOfBoundsSharedWrite() throws Exception {
        Sim sim = new Sim();
        long out = sim.alloc(4 * 128);
        Sim.Failure f = sim.fails(errors(sim), "shared_overrun", 1, 128, out);
        assertThat(f.report())
                .containsPattern("out-of-bounds shared write of 4 byte\\(s\\) at address 0x[0-9a-f]+\n")
                .contains(
                        "outside every shared variable: after shared_overrun::shared_overrun_$_buf (256 bytes at shared offset",
                        "thread (64,0,0)");
    }

    @Test
    void outOfBoundsLocalAccess() {
        Sim sim = new Sim();
        var img = sim.load("""
                .version 7.8
                .target sm_75
                .address_size 64
                .visible .entry local_overrun(.param .u64 out)
                {
                	.local .align 4 .b8 buf[16];
                	.reg .b32 %r<3>;
                	.reg .b64 %rd<3>;
                	mov.u32 %r1, %tid.x;
                	mov.u64 %rd1, buf;
                	st.local.u32 [%rd1+12], %r1;
                	st.local.u32 [%rd1+64], %r1;
                	ret;
                }
                """);
        Sim.Failure f = sim.fails(img, "local_overrun", 1, 4, 0);
        // buf is at 8 in the kernel's frame, after its parameter
        assertThat(f.report())
                .contains(
                        "out-of-bounds local write of 4 byte(s) at address 0x48",
                        "beyond the thread's live stack frames",
                        "PTX line 12: st.local.u32 [%rd1+64], %r1;",
                        "thread (0,0,0)");
    }

    @Test
    void aBarrierNotEveryThreadReachesIsADeadlockNotAHang() throws Exception {
        Sim sim = new Sim();
        long out = sim.alloc(4 * 64);
        Sim.Failure f = sim.fails(errors(sim), "half_barrier", 1, 64, out);
        assertThat(f.message()).contains("deadlock");
        assertThat(f.report())
                .contains(
                        "48 thread(s) (threads 0..47) wait at a barrier, PTX line",
                        "bar.sync",
                        "16 thread(s) of the block's 64 have exited",
                        "barrier 0: 48 of the 64 threads it waits for arrived",
                        "in kernel half_barrier");
    }

    @Test
    void aSpinWaitThatCannotEndIsALivelockNotAHang() throws Exception {
        Sim sim = new Sim(Map.of("JOMP_PTXSIM_SPIN_LIMIT", "200000"));
        long flag = sim.alloc(8);
        sim.put(flag, new long[] {0});
        Sim.Failure f = sim.fails(errors(sim), "spin_forever", 1, 32, flag);
        assertThat(f.report())
                .contains(
                        "livelock: the block makes no progress",
                        "in the last 200000 thread-instructions",
                        "JOMP_PTXSIM_SPIN_LIMIT",
                        "in kernel spin_forever");
    }

    @Test
    void barSyncReachedAtTwoPlacesInOneWarp() throws Exception {
        Sim sim = new Sim();
        long out = sim.alloc(4 * 32);
        Sim.Failure f = sim.fails(errors(sim), "divergent_barrier", 1, 32, out);
        assertThat(f.report()).contains("divergent bar.sync", "barrier.sync.aligned");
    }

    @Test
    void uninitialisedRegisterUsedAsAnAddress() {
        Sim sim = new Sim();
        var img = sim.load("""
                .version 7.8
                .target sm_75
                .address_size 64
                .visible .entry uninit(.param .u64 out)
                {
                	.reg .b32 %r<3>;
                	.reg .b64 %rd<4>;
                	ld.param.u64 %rd1, [out];
                	mov.u32 %r1, %tid.x;
                	setp.eq.u32 %p1, %r1, 3;
                	@%p1 mov.u64 %rd2, %rd1;
                	ld.u32 %r2, [%rd2];
                	ret;
                }
                """.replace("\t.reg .b32 %r<3>;", "\t.reg .b32 %r<3>;\n\t.reg .pred %p<2>;"));
        long out = sim.alloc(64);
        Sim.Failure f = sim.fails(img, "uninit", 1, 8, out);
        assertThat(f.report())
                .contains("use of an uninitialised register as an address", "thread (0,0,0)", "ld.u32 %r2, [%rd2];");
    }

    @Test
    void sharedMemoryRacesWithRacecheck() throws Exception {
        Sim checked = new Sim(Map.of("JOMP_PTXSIM_RACECHECK", "1"));
        var img = errors(checked);
        long out = checked.alloc(4 * 64);
        Sim.Failure f = checked.fails(img, "race", 1, 64, out);
        assertThat(f.report())
                .containsPattern("shared memory race \\(read after write\\) at shared address 0x[0-9a-f]*4\n")
                .contains(
                        "thread (0,0,0)",
                        "ld.shared.u32",
                        "thread 1 of the block accessed this word since the last barrier");
        checked.launch(img, "no_race", 1, 64, out); // the same with a barrier between is fine
        Sim plain = new Sim();
        long out2 = plain.alloc(4 * 64);
        plain.launch(errors(plain), "race", 1, 64, out2); // without the check the race goes unnoticed, as on a GPU
    }

    @Test
    void stackOverflowInDeepRecursion() throws Exception {
        Sim sim = new Sim(Map.of("JOMP_PTXSIM_STACK", "8K"));
        long out = sim.alloc(4 * 64);
        Sim.Failure f = sim.fails(errors(sim), "overflow", 1, 1, out, 10000);
        assertThat(f.report()).contains("stack overflow calling deep", "8192 bytes", "JOMP_PTXSIM_STACK");
    }

    @Test
    void freeOfAPointerMallocDidNotReturn() throws Exception {
        Sim sim = new Sim();
        long p = sim.alloc(64);
        Sim.Failure f = sim.fails(errors(sim), "bad_free", 1, 1, p);
        assertThat(f.report()).contains("free of " + hex(p + 4) + ", which device malloc did not return");
    }

    @Test
    void shuffleWhoseMaskNamesExitedLanes() throws Exception {
        Sim sim = new Sim();
        long out = sim.alloc(4 * 32);
        Sim.Failure f = sim.fails(errors(sim), "shuffle_with_exited", 1, 32, out);
        assertThat(f.report()).contains("member mask 0xffffffff names lane 16, which has exited", "shfl.sync.bfly.b32");
    }
}
