package org.roost.platform.shared;

/** Ids are opaque strings to clients; one that is not ours names nothing, so it is simply not found. */
public final class Ids {

    private Ids() {
    }

    public static long parse(String id, String what) {
        return tryParse(id).orElseThrow(() -> ApiException.notFound(what));
    }

    /** The id, or empty when the string is not an id we could have issued. */
    public static java.util.OptionalLong tryParse(String id) {
        try {
            long value = Long.parseLong(id);
            return value > 0 ? java.util.OptionalLong.of(value) : java.util.OptionalLong.empty();
        }
        catch (NumberFormatException ex) {
            return java.util.OptionalLong.empty();
        }
    }
}
