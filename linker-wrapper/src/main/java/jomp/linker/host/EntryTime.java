package jomp.linker.host;

import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.zip.ZipEntry;

/**
 * The time a link records in its jar entries, the one time jomp's outputs hold: ld records none,
 * so a link's output is the same bytes for the same inputs whenever it runs. A zip entry must have
 * one: SOURCE_DATE_EPOCH's (the reproducible-builds convention, seconds since 1970, read from the
 * command's environment), else the first time zip records plainly, 1980-01-01 00:00:02. Both are
 * set as UTC wall time within the range of zip's own field (1980-01-01 00:00 itself is the JDK's
 * mark for "earlier", and a time outside gets an extended field in the time zone's time), so the
 * bytes do not depend on the time zone either.
 */
public final class EntryTime {
    private EntryTime() {}

    private static final long FIRST = LocalDateTime.of(1980, 1, 1, 0, 0, 2).toEpochSecond(ZoneOffset.UTC),
            LAST = LocalDateTime.of(2107, 12, 31, 23, 59, 58).toEpochSecond(ZoneOffset.UTC);

    /** Gives {@code e} the link's entry time. */
    public static ZipEntry set(ZipEntry e) {
        e.setTimeLocal(LocalDateTime.ofEpochSecond(seconds(), 0, ZoneOffset.UTC));
        return e;
    }

    static long seconds() {
        String sde = jomp.env.Invocation.getenv("SOURCE_DATE_EPOCH");
        if (sde != null && sde.strip().matches("\\d{1,12}"))
            return Math.min(LAST, Math.max(FIRST, Long.parseLong(sde.strip())));
        return FIRST;
    }
}
