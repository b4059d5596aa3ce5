package org.roost.shared;

/** Ids are opaque strings to clients; one that is not ours names nothing, so it is simply not found. */
public final class Ids {

    private Ids() {
    }

    public static long parse(String id, String what) {
        try {
            long value = Long.parseLong(id);
            if (value > 0) {
                return value;
            }
        }
        catch (NumberFormatException ex) {
            // an id we never issued
        }
        throw ApiException.notFound(what);
    }
}
