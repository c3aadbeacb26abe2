package io.eddy.api.common.functions;

import java.io.Serializable;

/**
 * The base of every user function. Functions are serialized into the job graph and run on
 * workers, so everything they capture must be serializable.
 */
public interface Function extends Serializable {}
