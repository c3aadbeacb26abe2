package io.eddy.yarn.client;

import io.eddy.runtime.rpc.Secret;
import java.net.InetSocketAddress;

/**
 * A running Eddy application on YARN, as a client reaches it.
 *
 * @param applicationId the YARN application id
 * @param master the master's control-protocol address (the AM's host and RPC port)
 * @param secret the application's cluster secret
 * @param stagingDir the qualified staging directory of the application ({@code <staging>/<appId>})
 * @param trackingUrl the AM's tracking URL, empty when it registered none
 */
public record YarnCluster(String applicationId, InetSocketAddress master, Secret secret, String stagingDir, String trackingUrl) {}
