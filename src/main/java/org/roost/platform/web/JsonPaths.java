package org.roost.platform.web;

import java.util.ArrayDeque;
import java.util.Deque;

import org.jspecify.annotations.Nullable;
import tools.jackson.core.TokenStreamContext;

/** Where in a JSON body the parser is, as error details name fields: {@code title}, {@code items[2].name}. */
public final class JsonPaths {

    private JsonPaths() {
    }

    public static String of(@Nullable TokenStreamContext context) {
        Deque<String> parts = new ArrayDeque<>();
        for (TokenStreamContext at = context; at != null && !at.inRoot(); at = at.getParent()) {
            if (at.inObject() && at.currentName() != null) {
                parts.push("." + at.currentName());
            }
            else if (at.inArray()) {
                parts.push("[" + Math.max(0, at.getCurrentIndex()) + "]");
            }
        }
        String path = String.join("", parts);
        return path.isEmpty() ? "body" : path.startsWith(".") ? path.substring(1) : path;
    }
}
