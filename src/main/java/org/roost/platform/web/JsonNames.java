package org.roost.platform.web;

/** Java property names as clients see them: the REST API speaks snake_case. */
final class JsonNames {

    private JsonNames() {
    }

    static String of(String javaName) {
        StringBuilder out = new StringBuilder(javaName.length() + 4);
        for (char c : javaName.toCharArray()) {
            if (Character.isUpperCase(c)) {
                out.append('_').append(Character.toLowerCase(c));
            }
            else {
                out.append(c);
            }
        }
        return out.toString();
    }
}
