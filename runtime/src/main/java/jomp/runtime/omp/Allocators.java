package jomp.runtime.omp;

import java.util.Locale;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import jomp.runtime.libc.Stdlib;
import jomp.runtime.mem.Mem;

/**
 * OpenMP memory allocators (OpenMP 5.2 §6): the predefined allocators 1-8 of omp.h and those
 * omp_init_allocator makes from a memory space and traits. Every memory space is the C heap
 * (OpenMP lets spaces share storage); the traits that change what a program sees hold:
 * alignment, pool_size (an allocation that would exceed the pool takes the fallback), fallback
 * (default_mem_fb, null_fb, abort_fb, allocator_fb with fb_data) and, for omp_calloc, zeroed
 * memory. Each block has a header before it, as in libomp, so omp_free and omp_realloc find
 * its allocator and size whatever allocator argument they get.
 */
final class Allocators {
    private Allocators() {}

    static final long NULL_ALLOCATOR = 0, DEFAULT_MEM_ALLOC = 1, THREAD_MEM_ALLOC = 8;
    static final int ATK_SYNC_HINT = 1,
            ATK_ALIGNMENT = 2,
            ATK_ACCESS = 3,
            ATK_POOL_SIZE = 4,
            ATK_FALLBACK = 5,
            ATK_FB_DATA = 6,
            ATK_PINNED = 7,
            ATK_PARTITION = 8,
            // OpenMP 6.0 (omp.h's values)
            ATK_PIN_DEVICE = 9,
            ATK_PREFERRED_DEVICE = 10,
            ATK_DEVICE_ACCESS = 11,
            ATK_TARGET_ACCESS = 12,
            ATK_ATOMIC_SCOPE = 13,
            ATK_PART_SIZE = 14;
    static final long ATV_ALL = 7, ATV_THREAD = 8, ATV_CGROUP = 10, ATV_SINGLE = 19, ATV_MULTIPLE = 20, ATV_DEVICE = 23;
    static final long ATV_DEFAULT_MEM_FB = 11,
            ATV_NULL_FB = 12,
            ATV_ABORT_FB = 13,
            ATV_ALLOCATOR_FB = 14,
            ATV_DEFAULT = -1;
    private static final long HEADER = 32;

    /** LLVM's memory spaces and allocators of device memory kinds (omp.h): host, shared and device memory of the default device. */
    static final long LLVM_TARGET_HOST = 100, LLVM_TARGET_SHARED = 101, LLVM_TARGET_DEVICE = 102;

    /** The device memory kind (100-102) of an llvm_omp_target_* allocator or of one made on such a memory space; 0 otherwise. */
    static long targetKind(long handle) {
        if (handle >= LLVM_TARGET_HOST && handle <= LLVM_TARGET_DEVICE) return handle;
        Allocator a = CUSTOM.get(handle);
        return a != null && a.memspace() >= LLVM_TARGET_HOST && a.memspace() <= LLVM_TARGET_DEVICE ? a.memspace() : 0;
    }

    /** An allocator: its memory space, alignment, pool (0: none) and what it does when it cannot allocate. */
    record Allocator(long memspace, long alignment, long poolSize, long fallback, long fbData, AtomicLong used) {}

    private static final ConcurrentHashMap<Long, Allocator> CUSTOM = new ConcurrentHashMap<>();
    private static final AtomicLong NEXT = new AtomicLong(0x10000);
    private static final Allocator PREDEFINED = new Allocator(0, 1, 0, ATV_DEFAULT_MEM_FB, 0, new AtomicLong());

    /** def-allocator-var: OMP_ALLOCATOR, else omp_default_mem_alloc; omp_set_default_allocator changes the calling thread's. */
    static final long INITIAL_DEFAULT = parseEnv(System.getenv("OMP_ALLOCATOR"));

    private static final ThreadLocal<long[]> DEFAULT = ThreadLocal.withInitial(() -> new long[] {INITIAL_DEFAULT});

    static long getDefault() {
        return DEFAULT.get()[0];
    }

    static void setDefault(long a) {
        DEFAULT.get()[0] = a;
    }

    private static Allocator of(long handle) {
        if (handle >= 1 && handle <= 8 || handle >= 100 && handle <= 102) return PREDEFINED;
        Allocator a = CUSTOM.get(handle);
        if (a == null) throw new IllegalArgumentException("jomp: unknown OpenMP allocator handle " + handle);
        return a;
    }

    /** omp_init_allocator: omp_null_allocator when a trait or value is invalid. */
    static long init(long memspace, int ntraits, long traits) {
        if (!MemSpaces.valid(memspace)) return NULL_ALLOCATOR;
        long alignment = 1, pool = 0, fallback = ATV_DEFAULT_MEM_FB, fbData = 0;
        for (int i = 0; i < ntraits; i++) {
            long rec = traits + 16L * i;
            int key = Mem.getInt(rec);
            long value = Mem.getLong(rec + 8);
            switch (key) {
                case ATK_ALIGNMENT -> {
                    if (value == ATV_DEFAULT) break;
                    if (value <= 0 || (value & (value - 1)) != 0) return NULL_ALLOCATOR;
                    alignment = value;
                }
                case ATK_POOL_SIZE -> {
                    if (value != ATV_DEFAULT) {
                        if (value <= 0) return NULL_ALLOCATOR;
                        pool = value;
                    }
                }
                case ATK_FALLBACK -> {
                    if (value == ATV_DEFAULT) break;
                    if (value < ATV_DEFAULT_MEM_FB || value > ATV_ALLOCATOR_FB) return NULL_ALLOCATOR;
                    fallback = value;
                }
                case ATK_FB_DATA -> fbData = value;
                case ATK_SYNC_HINT, ATK_ACCESS, ATK_PINNED, ATK_PARTITION -> {} // no effect on the C heap
                // OpenMP 6.0: the C heap is host memory that every jomp device reaches (the jvm device
                // shares the process; a GPU maps it, or reads it through HMM), so these traits change
                // no placement; their values are checked
                case ATK_PIN_DEVICE, ATK_PREFERRED_DEVICE -> {
                    if (value != ATV_DEFAULT && value < 0)
                        return NULL_ALLOCATOR; // a device number (the initial device is the last)
                }
                case ATK_TARGET_ACCESS -> {
                    if (value != ATV_DEFAULT && value != ATV_SINGLE && value != ATV_MULTIPLE) return NULL_ALLOCATOR;
                }
                case ATK_DEVICE_ACCESS -> {
                    if (value != ATV_DEFAULT
                            && value != ATV_ALL
                            && value != ATV_CGROUP
                            && value != ATV_DEVICE
                            && value != ATV_THREAD
                            && value != 9) return NULL_ALLOCATOR;
                }
                case ATK_ATOMIC_SCOPE -> {
                    if (value != ATV_DEFAULT && value != ATV_ALL && value != ATV_DEVICE) return NULL_ALLOCATOR;
                }
                case ATK_PART_SIZE -> {
                    if (value != ATV_DEFAULT && value <= 0) return NULL_ALLOCATOR;
                }
                default -> {
                    return NULL_ALLOCATOR;
                }
            }
        }
        if (fallback == ATV_ALLOCATOR_FB && fbData == 0) return NULL_ALLOCATOR;
        long h = NEXT.incrementAndGet();
        CUSTOM.put(h, new Allocator(memspace, alignment, pool, fallback, fbData, new AtomicLong()));
        return h;
    }

    static void destroy(long handle) {
        if (!ON_SPACE.containsValue(handle)) CUSTOM.remove(handle); // a predefined allocator stays
    }

    /** The predefined allocators of target memory spaces (omp_get_device_allocator, ...): one per space, default traits. */
    private static final ConcurrentHashMap<Long, Long> ON_SPACE = new ConcurrentHashMap<>();

    /** The predefined allocator of a memory space: the predefined spaces' own (1-5), one made once for a target space. */
    static long predefinedOn(long memspace) {
        if (MemSpaces.of(memspace) == null) return MemSpaces.predefinedAllocator(memspace);
        return ON_SPACE.computeIfAbsent(memspace, m -> {
            long h = NEXT.incrementAndGet();
            CUSTOM.put(h, new Allocator(m, 1, 0, ATV_DEFAULT_MEM_FB, 0, new AtomicLong()));
            return h;
        });
    }

    /** A block of a target memory space: where it came from (base: before the alignment), its size and allocator. */
    private record Block(long base, int device, long kind, long size, long handle) {}

    private static final ConcurrentHashMap<Long, Block> BLOCKS = new ConcurrentHashMap<>();

    /** The alignment {@code handle}'s alignment trait asks for: 1 for the predefined allocators and for an unknown handle. */
    static long alignment(long handle) {
        Allocator a = CUSTOM.get(handle);
        return a == null ? 1 : a.alignment();
    }

    /**
     * Allocates size bytes aligned to max(alignment, the allocator's), zeroed when asked; the
     * allocator's fallback when its pool is exhausted or the heap fails. 0 for size 0.
     */
    static long alloc(long size, long alignment, long handle, boolean zero) {
        if (size == 0) return 0;
        if (handle == NULL_ALLOCATOR) handle = getDefault();
        if (handle == NULL_ALLOCATOR) handle = DEFAULT_MEM_ALLOC;
        long kind = targetKind(handle);
        if (kind != 0) { // as libomp: the offload runtime's memory of the default device, no header, no traits
            TargetMemory m = DeviceIcvs.targetMemory;
            long p = m == null ? 0 : m.alloc(size, DeviceIcvs.defaultDevice, kind);
            if (p != 0 && zero && kind != LLVM_TARGET_DEVICE)
                Mem.fill(p, (byte) 0, size); // device memory the host may not reach
            return p;
        }
        if (alignment != 0 && (alignment < 0 || (alignment & (alignment - 1)) != 0)) return 0;
        for (int depth = 0; depth < 16; depth++) {
            Allocator a = of(handle);
            long align = Math.max(Math.max(alignment, a.alignment()), 16);
            boolean fits = a.poolSize() == 0;
            if (!fits) {
                long now = a.used().addAndGet(size);
                fits = now <= a.poolSize();
                if (!fits) a.used().addAndGet(-size);
            }
            MemSpaces.Space space = MemSpaces.of(a.memspace());
            long p = !fits
                    ? 0
                    : space != null ? target(size, align, handle, zero, space) : raw(size, align, handle, zero);
            if (p != 0) return p;
            if (fits && a.poolSize() != 0) a.used().addAndGet(-size);
            switch ((int) a.fallback()) {
                case (int) ATV_NULL_FB -> {
                    return 0;
                }
                case (int) ATV_ABORT_FB -> {
                    jomp.runtime.libc.Stdio.fflush(0);
                    System.err.println("OMP: Error #13: Assertion failure at kmp_alloc.cpp: allocation of " + size
                            + " bytes failed and the allocator's fallback is abort_fb.");
                    Stdlib.abort();
                    return 0;
                }
                case (int) ATV_ALLOCATOR_FB -> handle = a.fbData();
                default -> {
                    if (a == PREDEFINED) return 0; // the default memory allocator itself failed
                    handle = DEFAULT_MEM_ALLOC;
                }
            }
        }
        return 0;
    }

    /** A heap block with room for the header and the alignment. */
    private static long raw(long size, long align, long handle, boolean zero) {
        if (size < 0 || size > Long.MAX_VALUE - HEADER - align) return 0;
        long base = Stdlib.malloc(size + HEADER + align);
        if (base == 0) return 0;
        long p = (base + HEADER + align - 1) & -align;
        Mem.putLong(p - 8, base);
        Mem.putLong(p - 16, size);
        Mem.putLong(p - 24, handle);
        if (zero) Mem.fill(p, (byte) 0, size);
        return p;
    }

    /** A block of a target memory space's memory, aligned, recorded so that omp_free finds it whatever allocator it is given. */
    private static long target(long size, long align, long handle, boolean zero, MemSpaces.Space space) {
        TargetMemory m = DeviceIcvs.targetMemory;
        if (m == null || size < 0 || size > Long.MAX_VALUE - align) return 0;
        long base = m.alloc(size + align - 1, space.device(), space.kind());
        if (base == 0) return 0;
        long p = (base + align - 1) & -align;
        if (zero) m.zero(p, space.device(), space.kind(), size); // device memory the host may not reach
        BLOCKS.put(p, new Block(base, space.device(), space.kind(), size, handle));
        return p;
    }

    /** omp_free: blocks of the llvm_omp_target_* allocators go back to the offload runtime (the allocator argument says so, as in libomp). */
    static void free(long p, long handle) {
        if (BLOCKS.containsKey(p)) {
            free(p);
            return;
        }
        long kind = targetKind(handle);
        TargetMemory m = DeviceIcvs.targetMemory;
        if (kind != 0 && p != 0 && m != null) m.free(p, DeviceIcvs.defaultDevice, kind);
        else if (kind == 0) free(p);
    }

    static void free(long p) {
        if (p == 0) return;
        Block b = BLOCKS.remove(p);
        if (b != null) {
            Allocator a = CUSTOM.get(b.handle());
            if (a != null && a.poolSize() != 0) a.used().addAndGet(-b.size());
            DeviceIcvs.targetMemory.free(b.base(), b.device(), b.kind());
            return;
        }
        long base = Mem.getLong(p - 8), size = Mem.getLong(p - 16), handle = Mem.getLong(p - 24);
        Allocator a = handle >= 1 && handle <= 8 ? null : CUSTOM.get(handle);
        if (a != null && a.poolSize() != 0) a.used().addAndGet(-size);
        Stdlib.free(base);
    }

    /** omp_realloc: a new block from allocator (the block's own when null), the old contents, the old block freed. */
    static long realloc(long p, long size, long handle, long freeHandle) {
        if (p == 0) return alloc(size, 0, handle, false);
        if (size == 0) {
            free(p);
            return 0;
        }
        Block b = BLOCKS.get(p);
        long old = b != null ? b.size() : Mem.getLong(p - 16);
        if (handle == NULL_ALLOCATOR) handle = b != null ? b.handle() : Mem.getLong(p - 24);
        long q = alloc(size, 0, handle, false);
        if (q == 0) return 0;
        Block c = BLOCKS.get(q);
        if (b == null && c == null) Mem.copy(q, p, Math.min(old, size));
        else // device memory on either side: the offload runtime copies
        DeviceIcvs.targetMemory.copy(
                    q,
                    c == null ? DeviceIcvs.INITIAL : c.device(),
                    p,
                    b == null ? DeviceIcvs.INITIAL : b.device(),
                    Math.min(old, size));
        free(p);
        return q;
    }

    /**
     * OMP_ALLOCATOR: a predefined allocator's name (or its value), or "memspace:traits" with
     * traits "key=value,..." (OpenMP 5.1); anything else is ignored with libomp's warning.
     */
    static long parseEnv(String v) {
        if (v == null || v.isBlank()) return DEFAULT_MEM_ALLOC;
        String s = v.strip().toLowerCase(Locale.ROOT);
        String[] names = {
            "",
            "omp_default_mem_alloc",
            "omp_large_cap_mem_alloc",
            "omp_const_mem_alloc",
            "omp_high_bw_mem_alloc",
            "omp_low_lat_mem_alloc",
            "omp_cgroup_mem_alloc",
            "omp_pteam_mem_alloc",
            "omp_thread_mem_alloc"
        };
        for (int i = 1; i < names.length; i++) if (s.equals(names[i]) || s.equals(Integer.toString(i))) return i;
        String[] spaces = {
            "omp_default_mem_space",
            "omp_large_cap_mem_space",
            "omp_const_mem_space",
            "omp_high_bw_mem_space",
            "omp_low_lat_mem_space"
        };
        int colon = s.indexOf(':');
        String space = colon < 0 ? s : s.substring(0, colon);
        for (int m = 0; m < spaces.length; m++) {
            if (!space.equals(spaces[m])) continue;
            String[] kv = colon < 0 ? new String[0] : s.substring(colon + 1).split(",");
            long traits = Mem.permanent(16L * Math.max(1, kv.length), 8);
            int n = 0;
            for (String t : kv) {
                String[] p = t.split("=", 2);
                if (p.length != 2) return warn(v);
                int key = switch (p[0].strip()) {
                    case "sync_hint" -> ATK_SYNC_HINT;
                    case "alignment" -> ATK_ALIGNMENT;
                    case "access" -> ATK_ACCESS;
                    case "pool_size" -> ATK_POOL_SIZE;
                    case "fallback" -> ATK_FALLBACK;
                    case "pinned" -> ATK_PINNED;
                    case "partition" -> ATK_PARTITION;
                    default -> -1;
                };
                long value = switch (p[1].strip()) {
                    case "true" -> 1;
                    case "false" -> 0;
                    case "contended" -> 3;
                    case "uncontended" -> 4;
                    case "serialized" -> 5;
                    case "private" -> 6;
                    case "all" -> 7;
                    case "thread" -> 8;
                    case "pteam" -> 9;
                    case "cgroup" -> 10;
                    case "default_mem_fb" -> ATV_DEFAULT_MEM_FB;
                    case "null_fb" -> ATV_NULL_FB;
                    case "abort_fb" -> ATV_ABORT_FB;
                    case "environment" -> 15;
                    case "nearest" -> 16;
                    case "blocked" -> 17;
                    case "interleaved" -> 18;
                    default -> {
                        try {
                            yield Long.parseLong(p[1].strip());
                        } catch (NumberFormatException e) {
                            yield Long.MIN_VALUE;
                        }
                    }
                };
                if (key < 0 || value == Long.MIN_VALUE) return warn(v);
                Mem.putInt(traits + 16L * n, key);
                Mem.putLong(traits + 16L * n + 8, value);
                n++;
            }
            long h = init(m == 0 ? MemSpaces.DEFAULT : m, n, traits);
            return h == NULL_ALLOCATOR ? warn(v) : h;
        }
        return warn(v);
    }

    private static long warn(String v) {
        System.err.println("OMP: Warning #42: OMP_ALLOCATOR: \"" + v + "\" is an invalid value; ignored.");
        return DEFAULT_MEM_ALLOC;
    }
}
