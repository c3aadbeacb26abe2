package io.eddy.master.web;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the master's dashboard ({@link MasterWebServer}) as a browser would, from the URL it is
 * opened at: the endpoint's own, or the ResourceManager's web proxy's {@code
 * http://<rm-webapp>/proxy/<appId>/}. It GETs the page, follows every link of it (resolved against
 * the page's URL) and every {@code href} of the jobs' JSON (resolved against the same URL, the
 * endpoint's base), and asserts each answers 200; redirects are not followed, so an answer from
 * anywhere else than the endpoint fails.
 */
public final class DashboardBrowser {

    private static final Pattern LINK = Pattern.compile("<a href=\"([^\"]*)\"");
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

    /**
     * What was read: the page's HTML, the JSON of each link of the page, the JSON of each job
     * {@code href}, and the HTML of each linked page (a link ending in {@code /}), by the URL it was
     * read from.
     */
    public record Visit(String html, Map<URI, JsonNode> links, Map<URI, JsonNode> hrefs, Map<URI, String> pages) {}

    private DashboardBrowser() {}

    /** Reads the page at {@code page} (a URL ending in {@code /}) and everything it links to. */
    public static Visit visit(URI page) throws Exception {
        HttpResponse<String> response = get(page);
        // The media type only: a proxy may write the header's parameters its own way (Jetty drops the space before charset).
        assertThat(response.headers().firstValue("Content-Type")).as("the page at %s", page).hasValueSatisfying(t -> assertThat(t).startsWith("text/html"));
        String html = response.body();
        List<String> references = new ArrayList<>();
        Matcher link = LINK.matcher(html);
        while (link.find()) {
            references.add(link.group(1));
        }
        assertThat(references).as("links of the page at %s", page).isNotEmpty()
                .allSatisfy(r -> assertThat(URI.create(r).isAbsolute() || r.startsWith("/")).as("'%s' is relative to the page", r).isFalse());
        Map<URI, JsonNode> links = new LinkedHashMap<>();
        Map<URI, JsonNode> hrefs = new LinkedHashMap<>();
        Map<URI, String> pages = new LinkedHashMap<>();
        for (String reference : references) {
            URI target = page.resolve(reference);
            if (reference.endsWith("/")) { // a page of its own (the dashboard): HTML, with its script and the API it reads
                HttpResponse<String> linked = get(target);
                assertThat(linked.headers().firstValue("Content-Type")).as("the page at %s", target)
                        .hasValueSatisfying(t -> assertThat(t).startsWith("text/html"));
                pages.put(target, linked.body());
                continue;
            }
            JsonNode json = getJson(target);
            links.put(target, json);
            if (json.has("jobs")) {
                for (JsonNode job : json.get("jobs")) {
                    URI href = page.resolve(job.get("href").asText());
                    hrefs.put(href, getJson(href));
                }
            }
        }
        return new Visit(html, links, hrefs, pages);
    }

    private static JsonNode getJson(URI uri) throws Exception {
        HttpResponse<String> response = get(uri);
        assertThat(response.headers().firstValue("Content-Type")).as("the answer of %s", uri)
                .hasValueSatisfying(t -> assertThat(t).startsWith("application/json"));
        return JSON.readTree(response.body());
    }

    private static HttpResponse<String> get(URI uri) throws Exception {
        HttpResponse<String> response = HTTP.send(HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(20)).GET().build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).as("GET %s: %s", uri, response.body()).isEqualTo(200);
        return response;
    }
}
