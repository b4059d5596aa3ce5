package org.roost.identity.email;

import java.util.Map;

/**
 * A message to send: one of the templates under {@code classpath:mail/} ({@code NAME.txt}, whose first line is
 * {@code Subject: ...}, and {@code NAME.html}) with the values of its {@code {{placeholders}}}.
 *
 * @param values placeholder values, HTML-escaped in the HTML part; a secret link among them is never logged
 *               once a mail host is configured
 */
public record OutgoingMail(String to, String template, Map<String, String> values) {

    public OutgoingMail {
        values = Map.copyOf(values);
    }
}
