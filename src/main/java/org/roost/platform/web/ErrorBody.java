package org.roost.platform.web;

import java.util.List;

import org.roost.platform.shared.FieldViolation;

/** The one error body of the contract, for every failure of every REST endpoint. */
public record ErrorBody(Error error, String requestId, String timestamp,
        @com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL)
        org.roost.platform.shared.SecondFactorRequired.@org.jspecify.annotations.Nullable Step secondFactor) {

    public record Error(String code, String message, List<FieldViolation> details) {
    }
}
