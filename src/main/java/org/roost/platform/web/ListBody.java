package org.roost.platform.web;

import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.annotation.JsonProperty;

/** The list shape of the contract: items plus {@code self} and, when there is more, {@code next}. */
public record ListBody<T>(List<T> items, @JsonProperty("_links") Map<String, String> links) {
}
