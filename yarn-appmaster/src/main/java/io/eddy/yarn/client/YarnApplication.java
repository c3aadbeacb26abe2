package io.eddy.yarn.client;

/**
 * One line of a listing of Eddy applications on YARN.
 *
 * @param applicationId the YARN application id
 * @param name the application name
 * @param state the YARN application state (e.g. {@code RUNNING}, {@code ACCEPTED})
 * @param trackingUrl the tracking URL the ResourceManager reports (may be empty)
 */
public record YarnApplication(String applicationId, String name, String state, String trackingUrl) {}
