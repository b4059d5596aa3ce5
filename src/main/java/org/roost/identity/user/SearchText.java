package org.roost.identity.user;

import org.roost.platform.shared.ApiException;
import org.roost.platform.shared.TextRules;

/** What people search for: at most 100 characters, not only spaces; trimmed, in the form names are stored (NFC). */
record SearchText(String text) {

    static final int MAX_LENGTH = 100;

    static SearchText parse(String raw) {
        if (raw.length() > MAX_LENGTH) {
            throw ApiException.invalid("q", "must be at most " + MAX_LENGTH + " characters");
        }
        String text = TextRules.normalize(raw.strip());
        if (text.isEmpty()) {
            throw ApiException.invalid("q", "must contain something other than spaces");
        }
        if (text.codePoints().anyMatch(Character::isISOControl)) {
            throw ApiException.invalid("q", "must not contain control characters");
        }
        return new SearchText(text);
    }
}
