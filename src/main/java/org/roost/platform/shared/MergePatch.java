package org.roost.platform.shared;

import java.util.Set;

/**
 * A partial update that may arrive as {@code application/merge-patch+json} (RFC 7396), where a member set to
 * {@code null} removes it. Jackson reads {@code null} and an absent member alike, so the members given as null are
 * handed over here once the body is read (requestbody.MergePatchAdvice), before validation.
 *
 * @param <T> the update itself
 */
public interface MergePatch<T> {

    /**
     * This update with {@code members} (JSON names) removed: each cleared, or {@link ApiException#invalid} for a
     * member the resource cannot be without (RFC 7396 leaves that to the server; ours is a 400).
     */
    T removing(Set<String> members);
}
