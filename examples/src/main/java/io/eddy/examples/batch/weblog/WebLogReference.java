package io.eddy.examples.batch.weblog;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * {@link WebLogAnalysis} in one thread without a framework, over the same {@link WebLogData}: the
 * expected answer in tests.
 */
public final class WebLogReference {

    private WebLogReference() {}

    /** The {@code (rank, url, avgDuration)} rows of the answer, in the order of the ranks input. */
    public static List<String[]> run(WebLogData data) {
        Set<String> relevant = new HashSet<>();
        for (String[] d : data.documents()) {
            if (WebLogAnalysis.hasAllKeywords(d[1])) {
                relevant.add(d[0]);
            }
        }
        Set<String> visitedInYear = new HashSet<>();
        for (String[] v : data.visits()) {
            if (WebLogAnalysis.inYear(v[1])) {
                visitedInYear.add(v[0]);
            }
        }
        List<String[]> answer = new ArrayList<>();
        for (String[] r : data.ranks()) {
            if (Integer.parseInt(r[0]) > WebLogAnalysis.RANK_THRESHOLD && relevant.contains(r[1]) && !visitedInYear.contains(r[1])) {
                answer.add(r);
            }
        }
        return answer;
    }
}
