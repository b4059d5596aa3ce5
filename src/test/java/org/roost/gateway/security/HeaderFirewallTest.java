package org.roost.gateway.security;

import java.util.Random;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The loops in HeaderFirewall accept exactly what Spring Security's header patterns accept. */
class HeaderFirewallTest {

    static final Pattern NAMES = Pattern.compile("[\\p{IsAssigned}&&[^\\p{IsControl}]]*");
    static final Pattern VALUES = Pattern.compile("[\\p{IsAssigned}&&[[^\\p{IsControl}]||\\t]]*");

    @Test
    void judgesEveryCodePointAsSpringSecuritysPatterns() {
        for (int c = 0; c <= Character.MAX_CODE_POINT; c++) {
            String text = "a" + Character.toString(c) + "b";
            assertThat(HeaderFirewall.allowed(text, false)).as("name U+%04X", c).isEqualTo(NAMES.matcher(text).matches());
            assertThat(HeaderFirewall.allowed(text, true)).as("value U+%04X", c).isEqualTo(VALUES.matcher(text).matches());
        }
    }

    @Test
    void judgesLoneSurrogatesAndMixedTextAsTheyDo() {
        // given random strings over a small alphabet of awkward characters
        char[] alphabet = { 'a', '\t', '\n', '\u0000', '\u007f', '\ud800', '\udc00', '\u00e9', '\uffff', ' ', '\u0378' };
        Random random = new Random(7);
        for (int i = 0; i < 20_000; i++) {
            StringBuilder text = new StringBuilder();
            for (int n = random.nextInt(6); n > 0; n--) {
                text.append(alphabet[random.nextInt(alphabet.length)]);
            }
            // then both agree on each
            String s = text.toString();
            assertThat(HeaderFirewall.allowed(s, false)).as("name %s", s.chars().boxed().toList())
                    .isEqualTo(NAMES.matcher(s).matches());
            assertThat(HeaderFirewall.allowed(s, true)).as("value %s", s.chars().boxed().toList())
                    .isEqualTo(VALUES.matcher(s).matches());
        }
    }
}
