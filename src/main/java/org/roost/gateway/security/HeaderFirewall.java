package org.roost.gateway.security;

import java.util.Set;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.security.web.firewall.StrictHttpFirewall;

/**
 * Spring Security's strict firewall with its header rules written as loops instead of regular
 * expressions. Why: the firewall checks a header value each time it is read, the 800-character
 * {@code Authorization} header is read several times per request, and the regular expression made up
 * about 3 % of an authenticated read (JFR). The rules are the same (HeaderFirewallTest compares them
 * with Spring Security's patterns): every character assigned in Unicode and not a control character,
 * except that a value may hold a tab. Printable ASCII, which nearly every header is, is let through without looking
 * up its Unicode type (the lookup was 3 % of a JWT read in a later profile). The methods let through are the firewall's defaults, named here because
 * {@link FirewallRefusals} answers any other with 501.
 */
@Configuration(proxyBeanMethods = false)
class HeaderFirewall {

    /** The methods the service implements; {@code TRACE} and {@code CONNECT} are Tomcat's to refuse. */
    static final Set<String> METHODS = Set.of("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS");

    @Bean
    StrictHttpFirewall httpFirewall() {
        StrictHttpFirewall firewall = new StrictHttpFirewall();
        firewall.setAllowedHttpMethods(METHODS);
        firewall.setAllowedHeaderNames(name -> allowed(name, false));
        firewall.setAllowedHeaderValues(value -> allowed(value, true));
        return firewall;
    }

    static boolean allowed(String text, boolean tabAllowed) {
        for (int i = 0; i < text.length(); ) {
            char plain = text.charAt(i);
            if (plain >= 0x20 && plain < 0x7F) { // printable ASCII, nearly every header: assigned, no control
                i++;
                continue;
            }
            int c = text.codePointAt(i);
            int type = Character.getType(c);
            if (type == Character.UNASSIGNED || (type == Character.CONTROL && !(tabAllowed && c == '\t'))) {
                return false;
            }
            i += Character.charCount(c);
        }
        return true;
    }
}
