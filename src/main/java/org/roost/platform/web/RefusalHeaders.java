package org.roost.platform.web;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.roost.platform.shared.ApiException;

/**
 * Headers a feature adds to a refusal a controller raised (an {@link ApiException}), before the one exception
 * handler writes the contract's body: a contribution instead of an exception handler of the feature's own.
 */
public interface RefusalHeaders {

    void add(ApiException refusal, HttpServletRequest request, HttpServletResponse response);
}
