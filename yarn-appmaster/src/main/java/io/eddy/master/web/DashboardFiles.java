package io.eddy.master.web;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Map;

/**
 * The dashboard's static files, bundled in the jar under {@code io/eddy/master/web/dashboard/}
 * (docs/dashboard.md): a page, its script and its style sheet, served as they are.
 * Only the files named here are served; no path reaches the class path otherwise.
 */
final class DashboardFiles {

    /** A file's bytes and content type. */
    record File(byte[] bytes, String contentType) {}

    private static final Map<String, String> TYPES = Map.of(
            "index.html", "text/html; charset=utf-8",
            "app.js", "text/javascript; charset=utf-8",
            "style.css", "text/css; charset=utf-8");

    private static final Map<String, File> FILES = load();

    private DashboardFiles() {}

    /** The file {@code name} ({@code ""} is {@code index.html}), or null if the dashboard has none of that name. */
    static File get(String name) {
        return FILES.get(name.isEmpty() ? "index.html" : name);
    }

    private static Map<String, File> load() {
        Map<String, File> files = new java.util.HashMap<>();
        TYPES.forEach((name, type) -> {
            try (InputStream in = DashboardFiles.class.getResourceAsStream("dashboard/" + name)) {
                if (in == null) {
                    throw new IllegalStateException("Bug: the dashboard's file '" + name + "' is not in the jar (io/eddy/master/web/dashboard/)");
                }
                files.put(name, new File(in.readAllBytes(), type));
            } catch (IOException e) {
                throw new UncheckedIOException("Reading the dashboard's file '" + name + "' from the jar failed", e);
            }
        });
        return Map.copyOf(files);
    }
}
