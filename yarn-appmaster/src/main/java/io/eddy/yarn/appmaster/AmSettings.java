package io.eddy.yarn.appmaster;

import io.eddy.configuration.Configuration;
import io.eddy.master.MasterOptions;
import io.eddy.yarn.YarnOptions;
import io.eddy.yarn.client.ContainerResources;
import io.eddy.yarn.client.StagingLayout;
import io.eddy.yarn.client.YarnDeployment;
import io.eddy.yarn.client.YarnDeploymentException;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;

/**
 * The ApplicationMaster's settings, as the client wrote them to {@code eddy-conf.properties}
 * (docs/yarn.md, "Contracts").
 *
 * @param settings every Eddy setting (the master's and the {@code yarn.*} options)
 * @param mode per-job or session
 * @param resources the worker containers to keep
 * @param shipFiles the qualified paths of the files every worker container gets
 */
record AmSettings(Configuration settings, YarnDeployment.Mode mode, ContainerResources resources, List<String> shipFiles) {

    static AmSettings read(Path file) throws IOException {
        Properties properties = new Properties();
        try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            properties.load(in);
        }
        Map<String, String> values = new TreeMap<>();
        properties.stringPropertyNames().forEach(k -> values.put(k, properties.getProperty(k)));
        return of(new Configuration(values), file.toString());
    }

    static AmSettings of(Configuration settings, String source) throws IOException {
        Map<String, String> values = settings.toMap();
        String mode = values.get(StagingLayout.MODE_KEY);
        String shipFiles = values.get(StagingLayout.SHIP_FILES_KEY);
        if (mode == null || shipFiles == null || shipFiles.isBlank()) {
            throw new IOException(source + " lacks " + StagingLayout.MODE_KEY + " or " + StagingLayout.SHIP_FILES_KEY
                    + ": it was not written by an Eddy client of this version; deploy the application again");
        }
        try {
            return new AmSettings(settings, YarnDeployment.Mode.parse(mode), ContainerResources.of(settings),
                    Arrays.stream(shipFiles.split(",")).map(String::trim).filter(s -> !s.isEmpty()).toList());
        } catch (YarnDeploymentException | IllegalArgumentException e) {
            throw new IOException(source + ": " + e.getMessage(), e);
        }
    }

    /**
     * The master's settings: {@link #settings()}, with {@code master.slot-wait-timeout} raised to
     * {@code yarn.deploy-timeout} unless set: on YARN a job's slots come from containers that are
     * still being allocated and started when the first job arrives, which takes longer than the
     * master's default wait.
     */
    Configuration masterSettings() {
        if (settings.contains(MasterOptions.SLOT_WAIT_TIMEOUT)) {
            return settings;
        }
        return settings.merge(new Configuration().set(MasterOptions.SLOT_WAIT_TIMEOUT, settings.get(YarnOptions.DEPLOY_TIMEOUT)));
    }

    java.time.Duration idleTimeout() {
        return settings.get(YarnOptions.PER_JOB_IDLE_TIMEOUT);
    }

    /** How long a per-job AM may spend creating its job's input splits for locality hints. */
    java.time.Duration localityTimeout() {
        return settings.get(YarnOptions.PER_JOB_LOCALITY_TIMEOUT);
    }
}
