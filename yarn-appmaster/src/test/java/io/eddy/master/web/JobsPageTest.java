package io.eddy.master.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class JobsPageTest {

    @Test
    void escapesEveryCharacterThatCouldOpenMarkupOrLeaveAnAttribute() {
        assertThat(JobsPage.escape("<a href=\"x\" onclick='y'>&amp;</a>"))
                .isEqualTo("&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;&amp;amp;&lt;/a&gt;");
        assertThat(JobsPage.escape("plain ünïcode ☃")).isEqualTo("plain ünïcode ☃");
    }

    @Test
    void listsEachJobWithALinkToItsJson() {
        WebRoutes.JobView job = new WebRoutes.JobView("00000000000000010000000000000002", "<b>bold</b>", "RUNNING", 0,
                "1970-01-01T00:00:00Z", 3, "jobs/00000000000000010000000000000002");
        String html = JobsPage.render(List.of(job));
        assertThat(html).contains("1 job ").contains("<td>&lt;b&gt;bold&lt;/b&gt;</td>").contains("<td>RUNNING</td>")
                .contains("<a href=\"jobs\">JSON</a>")
                .contains("<a href=\"jobs/00000000000000010000000000000002\">00000000000000010000000000000002</a>")
                .doesNotContain("<b>");
        assertThat(JobsPage.render(List.of())).contains("0 jobs").doesNotContain("<table>");
    }
}
