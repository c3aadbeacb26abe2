package io.eddy.master.web;

import java.util.List;

/**
 * The HTML page at {@code /}: a table of the jobs, each linking to its JSON. Every value from a job
 * is HTML-escaped. Its links are relative ({@code jobs}, {@code jobs/<id>}), so they stay below
 * the page's own URL when a proxy serves it under a path of its own (YARN's
 * {@code /proxy/<application id>/}).
 */
final class JobsPage {

    private JobsPage() {}

    static String render(List<WebRoutes.JobView> jobs) {
        StringBuilder html = new StringBuilder(1024);
        html.append("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>Eddy master</title>\n")
                .append("<style>body{font-family:sans-serif}td,th{padding:2px 12px;text-align:left}</style></head>\n")
                .append("<body><h1>Eddy master</h1>\n<p>")
                .append(jobs.size()).append(jobs.size() == 1 ? " job" : " jobs")
                .append(" &middot; <a href=\"jobs\">JSON</a> &middot; <a href=\"dashboard/\">Dashboard</a></p>\n");
        if (!jobs.isEmpty()) {
            html.append("<table><tr><th>Name</th><th>Status</th><th>Started</th><th>Tasks</th><th>Id</th></tr>\n");
            for (WebRoutes.JobView job : jobs) {
                html.append("<tr><td>").append(escape(job.name()))
                        .append("</td><td>").append(escape(job.status()))
                        .append("</td><td>").append(escape(job.startTimeIso()))
                        .append("</td><td>").append(job.tasks())
                        .append("</td><td><a href=\"").append(escape(job.href())).append("\">").append(escape(job.id())).append("</a></td></tr>\n");
            }
            html.append("</table>\n");
        }
        return html.append("</body></html>\n").toString();
    }

    /** {@code text} safe inside HTML text and double- or single-quoted attribute values. */
    static String escape(String text) {
        StringBuilder out = new StringBuilder(text.length() + 16);
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '&' -> out.append("&amp;");
                case '"' -> out.append("&quot;");
                case '\'' -> out.append("&#39;");
                default -> out.append(c);
            }
        }
        return out.toString();
    }
}
