package jomp.compiler.nvptx;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import jomp.compiler.ir.FuncType;
import jomp.compiler.ir.IrType;
import jomp.offload.abi.EntryPoints;

/**
 * clang's NVPTX builtins, declared as ordinary C functions, as the PTX instructions they stand
 * for: thread and block indexes, barriers, fences, atomics on generic addresses and warp
 * shuffles. A device runtime written in C uses them the way CUDA's headers do.
 */
final class Intrinsics {
    private Intrinsics() {}

    /** {@code template} names the result {@code {d}} and the arguments {@code {0}}, {@code {1}}, ... */
    record Intrinsic(FuncType type, String template) {}

    private static final Map<String, Intrinsic> TABLE = new HashMap<>();

    private static void add(String name, IrType ret, List<IrType> params, String template) {
        TABLE.put(name, new Intrinsic(new FuncType(ret, params, false), template));
    }

    static {
        IrType i32 = IrType.I32,
                i64 = IrType.I64,
                f32 = IrType.F32,
                f64 = IrType.F64,
                ptr = IrType.PTR,
                v = IrType.VOID;
        for (String reg : List.of("tid", "ntid", "ctaid", "nctaid")) {
            for (String axis : List.of("x", "y", "z")) {
                add("__nvvm_read_ptx_sreg_" + reg + "_" + axis, i32, List.of(), "mov.u32 {d}, %" + reg + "." + axis);
            }
        }
        add("__nvvm_read_ptx_sreg_laneid", i32, List.of(), "mov.u32 {d}, %laneid");
        add("__nvvm_read_ptx_sreg_warpid", i32, List.of(), "mov.u32 {d}, %warpid");
        add("__nvvm_read_ptx_sreg_warpsize", i32, List.of(), "mov.u32 {d}, WARP_SZ");
        add("__nvvm_read_ptx_sreg_clock64", i64, List.of(), "mov.u64 {d}, %clock64");
        add("__syncthreads", v, List.of(), "bar.sync 0");
        add("__nvvm_barrier_sync", v, List.of(i32), "barrier.sync {0}");
        add("__nvvm_barrier_sync_cnt", v, List.of(i32, i32), "barrier.sync {0}, {1}");
        add("__nvvm_bar_warp_sync", v, List.of(i32), "bar.warp.sync {0}");
        add("__nvvm_membar_cta", v, List.of(), "membar.cta");
        add("__nvvm_membar_gl", v, List.of(), "membar.gl");
        add("__nvvm_membar_sys", v, List.of(), "membar.sys");
        // _Float16's conversions (the compiler's HalfFloats, the host's jomp.runtime.libc.SoftFloat): PTX's cvt
        // through the .b16 register %hf, which a function that uses it declares (PtxFunction.halfRegister)
        add(EntryPoints.F16_TO_F32, f32, List.of(i32), "cvt.u16.u32 %hf, {0}; cvt.f32.f16 {d}, %hf");
        add(EntryPoints.F32_TO_F16, i32, List.of(f32), "cvt.rn.f16.f32 %hf, {0}; cvt.s32.s16 {d}, %hf");
        add(EntryPoints.ROUND_F16, f32, List.of(f32), "cvt.rn.f16.f32 %hf, {0}; cvt.f32.f16 {d}, %hf");
        add(EntryPoints.ROUND_F16_F64, f32, List.of(f64), "cvt.rn.f16.f64 %hf, {0}; cvt.f32.f16 {d}, %hf");
        add("__nvvm_atom_add_gen_i", i32, List.of(ptr, i32), "atom.add.u32 {d}, [{0}], {1}");
        add("__nvvm_atom_add_gen_ll", i64, List.of(ptr, i64), "atom.add.u64 {d}, [{0}], {1}");
        add("__nvvm_atom_add_gen_f", f32, List.of(ptr, f32), "atom.add.f32 {d}, [{0}], {1}");
        add("__nvvm_atom_add_gen_d", f64, List.of(ptr, f64), "atom.add.f64 {d}, [{0}], {1}");
        add("__nvvm_atom_xchg_gen_i", i32, List.of(ptr, i32), "atom.exch.b32 {d}, [{0}], {1}");
        add("__nvvm_atom_xchg_gen_ll", i64, List.of(ptr, i64), "atom.exch.b64 {d}, [{0}], {1}");
        add("__nvvm_atom_max_gen_i", i32, List.of(ptr, i32), "atom.max.s32 {d}, [{0}], {1}");
        add("__nvvm_atom_min_gen_i", i32, List.of(ptr, i32), "atom.min.s32 {d}, [{0}], {1}");
        add("__nvvm_atom_max_gen_ll", i64, List.of(ptr, i64), "atom.max.s64 {d}, [{0}], {1}");
        add("__nvvm_atom_min_gen_ll", i64, List.of(ptr, i64), "atom.min.s64 {d}, [{0}], {1}");
        add("__nvvm_atom_and_gen_i", i32, List.of(ptr, i32), "atom.and.b32 {d}, [{0}], {1}");
        add("__nvvm_atom_or_gen_i", i32, List.of(ptr, i32), "atom.or.b32 {d}, [{0}], {1}");
        add("__nvvm_atom_xor_gen_i", i32, List.of(ptr, i32), "atom.xor.b32 {d}, [{0}], {1}");
        add("__nvvm_atom_cas_gen_i", i32, List.of(ptr, i32, i32), "atom.cas.b32 {d}, [{0}], {1}, {2}");
        add("__nvvm_atom_cas_gen_ll", i64, List.of(ptr, i64, i64), "atom.cas.b64 {d}, [{0}], {1}, {2}");
        // jomp's own, for the device runtime: accesses the compiler must not merge or hoist (spin loops)
        add("__jomp_ld_volatile_i32", i32, List.of(ptr), "ld.volatile.u32 {d}, [{0}]");
        add("__jomp_ld_volatile_i64", i64, List.of(ptr), "ld.volatile.u64 {d}, [{0}]");
        add("__jomp_st_volatile_i32", v, List.of(ptr, i32), "st.volatile.u32 [{0}], {1}");
        add("__jomp_st_volatile_i64", v, List.of(ptr, i64), "st.volatile.u64 [{0}], {1}");
        add("__jomp_globaltimer", i64, List.of(), "mov.u64 {d}, %globaltimer");
        // vote.sync.ballot: the lanes of the mask whose operand is non-zero ({p}: a fresh predicate; two instructions)
        add(
                "__nvvm_vote_ballot_sync",
                i32,
                List.of(i32, i32),
                "setp.ne.s32 {p}, {1}, 0;\n\tvote.sync.ballot.b32 {d}, {p}, {0}");
        for (String mode : List.of("down", "up", "bfly", "idx")) {
            // clang's argument order: mask, value, lane or offset, packed clamp/segment mask
            add(
                    "__nvvm_shfl_sync_" + mode + "_i32",
                    i32,
                    List.of(i32, i32, i32, i32),
                    "shfl.sync." + mode + ".b32 {d}, {1}, {2}, {3}, {0}");
            add(
                    "__nvvm_shfl_sync_" + mode + "_f32",
                    f32,
                    List.of(i32, f32, i32, i32),
                    "shfl.sync." + mode + ".b32 {d}, {1}, {2}, {3}, {0}");
        }
    }

    /** The builtin for a call of this name and type, or null (a wrong type is an ordinary call). */
    static Intrinsic lookup(String name, FuncType t) {
        Intrinsic i = TABLE.get(name);
        return i != null && i.type.equals(t) ? i : null;
    }
}
