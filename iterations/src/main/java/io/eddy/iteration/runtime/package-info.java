/**
 * The runtime operators of loops (docs/iterations.md): the bulk iteration head, which drives its
 * task through the supersteps, the bulk tail and the termination-criterion tail, and the lane's
 * spilling {@link io.eddy.iteration.runtime.BackChannel} between tail and head, the delta iteration's
 * operators and solution set; the streaming loop's head and tail and the lane's spilling {@link
 * io.eddy.iteration.runtime.FeedbackQueue} between them (docs/streaming-iterations.md). Registered
 * with the worker by {@link io.eddy.iteration.runtime.IterationOperatorProvider}.
 */
package io.eddy.iteration.runtime;
