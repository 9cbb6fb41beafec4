package jomp.compiler.sema;

/**
 * clang's typo correction for undeclared identifiers: the visible name closest to a misspelt one.
 */
public final class TypoCorrection {
    private TypoCorrection() {}

    /**
     * The candidate closest to a misspelt name, by clang's rule: an edit distance of at most
     * (length + 2) / 3 and at most a third of the length; null if there is none or two names tie.
     * The candidates are the visible variables, functions and enumerators, each name once.
     */
    public static String bestMatch(String typo, Iterable<String> candidates) {
        int bound = (typo.length() + 2) / 3;
        String best = null;
        int bestEd = Integer.MAX_VALUE;
        boolean tie = false;
        for (String n : candidates) {
            if (n.startsWith("__") && !typo.startsWith("_")) continue;
            if (Math.abs(n.length() - typo.length()) > bound) continue;
            int ed = editDistance(typo, n, bound);
            if (ed > bound || ed == 0 || typo.length() / ed < 3) continue;
            if (ed < bestEd) {
                best = n;
                bestEd = ed;
                tie = false;
            } else if (ed == bestEd) tie = true;
        }
        return tie ? null : best;
    }

    /**
     * Edit distance counting an adjacent transposition as one edit (clang suggests 'value' for
     * 'vaule'); gives up with bound + 1 once a whole row exceeds bound.
     */
    static int editDistance(String a, String b, int bound) {
        int m = b.length();
        int[] prev2 = new int[m + 1], prev = new int[m + 1], cur = new int[m + 1];
        for (int j = 0; j <= m; j++) prev[j] = j;
        for (int i = 1; i <= a.length(); i++) {
            cur[0] = i;
            int rowMin = i;
            for (int j = 1; j <= m; j++) {
                char x = a.charAt(i - 1), y = b.charAt(j - 1);
                int d = Math.min(prev[j - 1] + (x == y ? 0 : 1), Math.min(prev[j], cur[j - 1]) + 1);
                if (i > 1 && j > 1 && x == b.charAt(j - 2) && a.charAt(i - 2) == y) d = Math.min(d, prev2[j - 2] + 1);
                cur[j] = d;
                rowMin = Math.min(rowMin, d);
            }
            if (rowMin > bound) return bound + 1;
            int[] t = prev2;
            prev2 = prev;
            prev = cur;
            cur = t;
        }
        return prev[m];
    }
}
