package io.eddy.master.web;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.ser.std.ToStringSerializer;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import io.eddy.jobgraph.JobId;
import io.eddy.master.ClusterMetrics;
import io.eddy.master.JobDashboard;
import io.eddy.master.Master;
import io.eddy.master.WorkerView;
import io.eddy.runtime.cluster.JobSummary;
import io.eddy.runtime.cluster.LogTail;
import io.eddy.runtime.cluster.WorkerId;
import io.eddy.runtime.worker.Worker;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Instant;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The routes of {@link MasterWebServer}: {@code /}, {@code /jobs}, {@code /jobs/<id>} and
 * {@code /metrics} (Prometheus' text format, {@link PrometheusMetrics}). Stateless
 * apart from the shared {@link ObjectMapper} (thread-safe once configured), so it serves every pool
 * thread at once.
 */
final class WebRoutes implements HttpHandler {

    private static final Logger LOG = LoggerFactory.getLogger(WebRoutes.class);

    /** How long a request waits for the master's answer before it answers 503. */
    static final long MASTER_TIMEOUT_SECONDS = 10;

    private static final String JOBS = "/jobs";
    private static final String METRICS = "/metrics";
    private static final String API = "/api/";
    private static final String DASHBOARD = "/dashboard/";
    /** The actions: {@code /api/jobs/<32 hex digits>/(cancel|savepoint)}. */
    private static final Pattern ACTION = Pattern.compile("/api/jobs/([0-9a-fA-F]{32})/(cancel|savepoint)");
    /** How much of a worker's log {@code /api/workers/<id>/log} shows unless asked for another amount. */
    static final int LOG_TAIL_BYTES = 256 * 1024;
    /** How long a savepoint may take before its request answers 504 (the savepoint goes on). */
    static final long SAVEPOINT_TIMEOUT_SECONDS = 120;

    private final Master master;
    private final ObjectMapper json = new ObjectMapper().registerModule(new SimpleModule().addSerializer(JobId.class, ToStringSerializer.instance));

    /** The token the dashboard's actions must present, derived from the cluster's secret; null: actions are off. */
    private final byte[] actionToken;

    WebRoutes(Master master, String actionTokenOrNull) {
        this.master = master;
        this.actionToken = actionTokenOrNull == null ? null : actionTokenOrNull.getBytes(StandardCharsets.US_ASCII);
    }

    /**
     * One job as JSON, with the link to itself: {@code href} is {@code jobs/<id>}, relative to the
     * endpoint's base URL ({@link MasterWebServer#url()}, or the tracking URL through YARN's web
     * proxy), never to the host's root.
     */
    record JobView(String id, String name, String status, long startTime, String startTimeIso, int tasks, String href) {

        static JobView of(JobSummary s) {
            String id = s.id().toString();
            return new JobView(id, s.name(), s.status().name(), s.startTime(), Instant.ofEpochMilli(s.startTime()).toString(), s.tasks(),
                    "jobs/" + id);
        }
    }

    @Override
    public void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            String method = exchange.getRequestMethod();
            String path = exchange.getRequestURI().getPath();
            Matcher action = ACTION.matcher(path);
            if (action.matches()) {
                if (!method.equals("POST")) {
                    exchange.getResponseHeaders().set("Allow", "POST");
                    sendError(exchange, 405, "Method " + method + " is not allowed: " + path + " is an action (use POST)");
                    return;
                }
                action(exchange, action.group(1), action.group(2));
                return;
            }
            if (!method.equals("GET") && !method.equals("HEAD")) {
                exchange.getResponseHeaders().set("Allow", "GET, HEAD");
                sendError(exchange, 405, "Method " + method + " is not allowed: the web endpoint is read-only (use GET) but for the"
                        + " actions " + API + "jobs/<job id>/cancel and " + API + "jobs/<job id>/savepoint (POST)");
                return;
            }
            route(exchange, path);
        } catch (IOException e) {
            LOG.debug("Web request {} {} from {} failed: {}", exchange.getRequestMethod(), exchange.getRequestURI(),
                    exchange.getRemoteAddress(), e.toString());
        }
    }

    private void route(HttpExchange exchange, String path) throws IOException {
        if (path.equals("/")) {
            List<JobView> jobs = jobsOrError(exchange);
            if (jobs != null) {
                send(exchange, 200, "text/html; charset=utf-8", JobsPage.render(jobs).getBytes(StandardCharsets.UTF_8));
            }
        } else if (path.equals(JOBS) || path.equals(JOBS + "/")) {
            List<JobView> jobs = jobsOrError(exchange);
            if (jobs != null) {
                sendJson(exchange, 200, Map.of("jobs", jobs));
            }
        } else if (path.startsWith(JOBS + "/") && path.indexOf('/', JOBS.length() + 1) < 0) {
            String id = path.substring(JOBS.length() + 1);
            List<JobView> jobs = jobsOrError(exchange);
            if (jobs != null) {
                JobView job = jobs.stream().filter(j -> j.id().equalsIgnoreCase(id)).findFirst().orElse(null);
                if (job == null) {
                    sendError(exchange, 404, "No job '" + id + "' is known to this master; GET " + JOBS + " lists the jobs and their ids");
                } else {
                    sendJson(exchange, 200, job);
                }
            }
        } else if (path.startsWith(API)) {
            api(exchange, path.substring(API.length()));
        } else if (path.equals("/dashboard")) {
            exchange.getResponseHeaders().set("Location", "dashboard/");
            send(exchange, 301, "text/plain; charset=utf-8", "dashboard/".getBytes(StandardCharsets.UTF_8));
        } else if (path.startsWith(DASHBOARD)) {
            DashboardFiles.File file = DashboardFiles.get(path.substring(DASHBOARD.length()));
            if (file == null) {
                sendError(exchange, 404, "The dashboard has no file '" + path.substring(DASHBOARD.length()) + "'");
            } else {
                send(exchange, 200, file.contentType(), file.bytes());
            }
        } else if (path.equals(METRICS)) {
            ClusterMetrics metrics = fromMaster(exchange, master.metrics(), "Collecting the metrics");
            if (metrics != null) {
                send(exchange, 200, PrometheusMetrics.CONTENT_TYPE, PrometheusMetrics.render(metrics, System.currentTimeMillis()));
            }
        } else {
            sendError(exchange, 404, "No resource at '" + path + "': the endpoint serves /, " + JOBS + ", " + JOBS + "/<job id>, "
                    + METRICS + ", " + DASHBOARD + " and the dashboard's JSON API under " + API);
        }
    }

    /**
     * The dashboard's JSON API (docs/dashboard.md): {@code overview} (workers with
     * their metrics, slots, jobs) and {@code jobs/<id>} (details, edges, history, subtasks).
     */
    private void api(HttpExchange exchange, String resource) throws IOException {
        if (resource.equals("overview")) {
            List<WorkerView> workers = fromMaster(exchange, master.workerViews(), "Listing the workers");
            List<JobView> jobs = workers == null ? null : jobsOrError(exchange);
            if (jobs != null) {
                Map<String, Object> body = new LinkedHashMap<>();
                body.put("workers", workers);
                body.put("slots", workers.stream().mapToInt(WorkerView::slots).sum());
                body.put("freeSlots", workers.stream().mapToInt(WorkerView::freeSlots).sum());
                body.put("jobs", jobs);
                sendJson(exchange, 200, body);
            }
        } else if (resource.startsWith("jobs/") && resource.indexOf('/', "jobs/".length()) < 0) {
            String id = resource.substring("jobs/".length());
            JobId job;
            try {
                job = JobId.fromHex(id);
            } catch (IllegalArgumentException e) {
                sendError(exchange, 404, "'" + id + "' is not a job id; GET " + JOBS + " lists the jobs and their ids");
                return;
            }
            Optional<JobDashboard> dashboard = fromMaster(exchange, master.jobDashboard(job), "Reading the job");
            if (dashboard != null) {
                if (dashboard.isEmpty()) {
                    sendError(exchange, 404, "No job '" + id + "' is known to this master; GET " + JOBS + " lists the jobs and their ids");
                } else {
                    sendJson(exchange, 200, dashboard.get());
                }
            }
        } else if (resource.startsWith("workers/") && resource.endsWith("/log")
                && resource.indexOf('/', "workers/".length()) == resource.length() - "/log".length()) {
            workerLog(exchange, resource.substring("workers/".length(), resource.length() - "/log".length()));
        } else {
            sendError(exchange, 404, "No resource at '" + API + resource + "': the API serves " + API + "overview, " + API + "jobs/<job id> and "
                    + API + "workers/<worker id>/log");
        }
    }

    /**
     * The end of a worker's log file as plain text (docs/dashboard.md, "Worker logs"): the last
     * {@code bytes} bytes (query parameter; default {@value #LOG_TAIL_BYTES}, at most {@link
     * Worker#MAX_LOG_TAIL_BYTES}) after a first line naming the file and how much of it follows. The
     * master asks the worker over the control protocol, so it works wherever the worker runs.
     */
    private void workerLog(HttpExchange exchange, String id) throws IOException {
        int maxBytes;
        try {
            maxBytes = queryInt(exchange, "bytes", LOG_TAIL_BYTES);
        } catch (IllegalArgumentException e) {
            sendError(exchange, 400, e.getMessage());
            return;
        }
        List<WorkerView> workers = fromMaster(exchange, master.workerViews(), "Listing the workers");
        if (workers == null) {
            return;
        }
        WorkerView worker = workers.stream().filter(w -> w.id().equals(id)).findFirst().orElse(null);
        if (worker == null) {
            sendError(exchange, 404, "No worker '" + id + "' is registered with this master; GET " + API + "overview lists the workers");
            return;
        }
        if (worker.logFile() == null) {
            sendError(exchange, 404, "Worker '" + id + "' writes no log file of its own: it runs inside the program's JVM (embedded), whose"
                    + " log it shares");
            return;
        }
        LogTail tail;
        try {
            tail = master.workerLog(new WorkerId(id), Math.min(maxBytes, Worker.MAX_LOG_TAIL_BYTES)).get(MASTER_TIMEOUT_SECONDS, TimeUnit.SECONDS)
                    .orElse(null);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            sendError(exchange, 503, "The web endpoint is shutting down");
            return;
        } catch (TimeoutException e) {
            sendError(exchange, 504, "Worker '" + id + "' did not send its log within " + MASTER_TIMEOUT_SECONDS + " s");
            return;
        } catch (ExecutionException e) {
            sendError(exchange, 502, "Worker '" + id + "' could not send its log " + worker.logFile() + ": "
                    + (e.getCause() != null ? e.getCause().getMessage() : e.getMessage()));
            return;
        }
        if (tail == null) {
            sendError(exchange, 404, "Worker '" + id + "' left the cluster; GET " + API + "overview lists the workers");
            return;
        }
        String head = "== " + id + " on " + worker.host() + ": " + tail.file() + (tail.truncated()
                ? ", its last " + tail.bytes().length + " of " + tail.fileLength() + " bytes (ask for more with ?bytes=N, at most "
                        + Worker.MAX_LOG_TAIL_BYTES + ") =="
                : ", all " + tail.fileLength() + " bytes ==") + "\n";
        byte[] headBytes = head.getBytes(StandardCharsets.UTF_8);
        byte[] body = Arrays.copyOf(headBytes, headBytes.length + tail.bytes().length);
        System.arraycopy(tail.bytes(), 0, body, headBytes.length, tail.bytes().length);
        send(exchange, 200, "text/plain; charset=utf-8", body);
    }

    /** Query parameter {@code name} as a non-negative int, or {@code otherwise} if absent. */
    private static int queryInt(HttpExchange exchange, String name, int otherwise) {
        String query = exchange.getRequestURI().getRawQuery();
        if (query == null) {
            return otherwise;
        }
        for (String pair : query.split("&")) {
            if (pair.startsWith(name + "=")) {
                String value = pair.substring(name.length() + 1);
                try {
                    int n = Integer.parseInt(value);
                    if (n >= 0) {
                        return n;
                    }
                } catch (NumberFormatException e) {
                    // falls through to the error below, which names the parameter and what it takes
                }
                throw new IllegalArgumentException("The query parameter " + name + "='" + value + "' is not a number of bytes (0 or more)");
            }
        }
        return otherwise;
    }

    /**
     * Cancels a job or takes its savepoint, for a request that presents the action token as {@code
     * Authorization: Bearer <token>} (docs/dashboard.md, "Actions"): 403 where the endpoint has no
     * token (started without the cluster's secret), 401 for a missing or wrong one.
     */
    private void action(HttpExchange exchange, String id, String action) throws IOException {
        if (actionToken == null) {
            sendError(exchange, 403, "Actions are off: this web endpoint was started without the cluster's secret"
                    + " (the embedded cluster has none); cancel with the program or 'eddy cancel'");
            return;
        }
        String authorization = exchange.getRequestHeaders().getFirst("Authorization");
        byte[] given = authorization != null && authorization.startsWith("Bearer ")
                ? authorization.substring("Bearer ".length()).trim().getBytes(StandardCharsets.US_ASCII) : new byte[0];
        if (!MessageDigest.isEqual(actionToken, given)) {
            exchange.getResponseHeaders().set("WWW-Authenticate", "Bearer");
            sendError(exchange, 401, (authorization == null ? "No" : "A wrong") + " action token: send the token 'eddy cluster status'"
                    + " prints as the header 'Authorization: Bearer <token>'");
            return;
        }
        JobId job = JobId.fromHex(id);
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("job", job.toString());
        body.put("action", action);
        try {
            if (action.equals("cancel")) {
                master.cancelJob(job, "cancelled from the dashboard").get(MASTER_TIMEOUT_SECONDS, TimeUnit.SECONDS);
                LOG.info("Job {} cancelled through the web endpoint by {}", job, exchange.getRemoteAddress());
                sendJson(exchange, 202, body);
            } else {
                String path = master.triggerSavepoint(job, null, false).get(SAVEPOINT_TIMEOUT_SECONDS, TimeUnit.SECONDS);
                LOG.info("Savepoint of job {} taken through the web endpoint: {}", job, path);
                body.put("path", path);
                sendJson(exchange, 200, body);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            sendError(exchange, 503, "The web endpoint is shutting down");
        } catch (TimeoutException e) {
            sendError(exchange, 504, "The " + action + " of job " + job + " did not complete within "
                    + (action.equals("cancel") ? MASTER_TIMEOUT_SECONDS : SAVEPOINT_TIMEOUT_SECONDS) + " s; it may still complete");
        } catch (ExecutionException e) {
            Throwable cause = e.getCause() != null ? e.getCause() : e;
            int status = cause instanceof IllegalArgumentException && String.valueOf(cause.getMessage()).startsWith("No job") ? 404 : 409;
            sendError(exchange, status, "The " + action + " of job " + job + " failed: " + cause.getMessage());
        }
    }

    /** The master's jobs, newest first; or null after answering 503 when the master does not answer. */
    private List<JobView> jobsOrError(HttpExchange exchange) throws IOException {
        List<JobSummary> summaries = fromMaster(exchange, master.listJobs(), "Listing the jobs");
        if (summaries == null) {
            return null;
        }
        return summaries.stream()
                .sorted((a, b) -> Long.compare(b.startTime(), a.startTime()))
                .map(JobView::of)
                .toList();
    }

    /** The master's answer; or null after answering 503 when it does not come ({@code what} names the request). */
    private <T> T fromMaster(HttpExchange exchange, CompletableFuture<T> answer, String what) throws IOException {
        try {
            return answer.get(MASTER_TIMEOUT_SECONDS, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            sendError(exchange, 503, "The web endpoint is shutting down");
            return null;
        } catch (ExecutionException | TimeoutException | RuntimeException e) {
            String reason = e instanceof TimeoutException ? "did not answer within " + MASTER_TIMEOUT_SECONDS + " s"
                    : "failed: " + (e.getCause() != null ? e.getCause() : e);
            sendError(exchange, 503, what + " " + reason + " (is the master shutting down?)");
            return null;
        }
    }

    private void sendJson(HttpExchange exchange, int status, Object body) throws IOException {
        send(exchange, status, "application/json; charset=utf-8", json.writeValueAsBytes(body));
    }

    private void sendError(HttpExchange exchange, int status, String message) throws IOException {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("error", message);
        body.put("status", status);
        sendJson(exchange, status, body);
    }

    private static void send(HttpExchange exchange, int status, String contentType, byte[] body) throws IOException {
        exchange.getResponseHeaders().set("Content-Type", contentType);
        exchange.getResponseHeaders().set("Cache-Control", "no-store");
        exchange.getResponseHeaders().set("X-Content-Type-Options", "nosniff");
        boolean head = exchange.getRequestMethod().equals("HEAD");
        exchange.sendResponseHeaders(status, head ? -1 : body.length);
        if (!head) {
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        }
    }
}
