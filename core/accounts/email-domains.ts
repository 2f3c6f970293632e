/**
 * Mail domains the e-mail typo suggester knows (popular mail domains, second-level names and
 * top-level domains). Order matters: on equal distance the earlier, more popular entry wins.
 * Regional providers of the currency table's countries (US, CA, FR, IE, SG, GB, VN, PH, MY, AU, NZ)
 * are listed so their buyers are not "corrected" to gmail.com.
 */
export const POPULAR_MAIL_DOMAINS: readonly string[] = [
  'gmail.com',
  'yahoo.com',
  'hotmail.com',
  'outlook.com',
  'icloud.com',
  'aol.com',
  'live.com',
  'msn.com',
  'comcast.net',
  'me.com',
  'mac.com',
  'mail.com',
  'gmx.com',
  'gmx.net',
  'googlemail.com',
  'protonmail.com',
  'proton.me',
  'ymail.com',
  'att.net',
  'verizon.net',
  'sbcglobal.net',
  'bellsouth.net',
  'charter.net',
  'cox.net',
  'earthlink.net',
  'optonline.net',
  'btinternet.com',
  'hotmail.co.uk',
  'yahoo.co.uk',
  'live.co.uk',
  'outlook.co.uk',
  'sky.com',
  'virginmedia.com',
  'talktalk.net',
  'ntlworld.com',
  'blueyonder.co.uk',
  'rogers.com',
  'shaw.ca',
  'sympatico.ca',
  'videotron.ca',
  'yahoo.ca',
  'hotmail.ca',
  'orange.fr',
  'wanadoo.fr',
  'free.fr',
  'sfr.fr',
  'laposte.net',
  'hotmail.fr',
  'yahoo.fr',
  'eircom.net',
  'singnet.com.sg',
  'yahoo.com.sg',
  'yahoo.com.vn',
  'yahoo.com.ph',
  'yahoo.com.my',
  'bigpond.com',
  'bigpond.net.au',
  'optusnet.com.au',
  'yahoo.com.au',
  'xtra.co.nz',
  'yahoo.co.nz',
];

/** Names that providers use under many top-level domains (yahoo.fr, hotmail.co.uk, live.ca). */
export const POPULAR_SECOND_LEVEL_NAMES: readonly string[] = [
  'yahoo',
  'hotmail',
  'mail',
  'live',
  'outlook',
  'gmx',
];

// Country-code top-level domains (ISO 3166-1 alpha-2, with uk for GB), less co, cm, om, ne and et:
// each is one slip away from com or net, so 'hotmail.co' is corrected rather than taken for
// Colombia. The rest are listed so a real country domain (company.ru) is never "corrected".
const COUNTRY_CODES = `
  ad ae af ag ai al am ao aq ar as at au aw ax az ba bb bd be bf bg bh bi bj bm bn bo br bs bt bw
  by bz ca cc cd cf cg ch ci ck cl cn cr cu cv cw cx cy cz de dj dk dm do dz ec ee eg er es eu fi
  fj fk fm fo fr ga gd ge gf gg gh gi gl gm gn gp gq gr gs gt gu gw gy hk hm hn hr ht hu id ie il
  im in io iq ir is it je jm jo jp ke kg kh ki km kn kp kr kw ky kz la lb lc li lk lr ls lt lu lv
  ly ma mc md me mg mh mk ml mm mn mo mp mq mr ms mt mu mv mw mx my mz na nc nf ng ni nl no np nr
  nu nz pa pe pf pg ph pk pl pm pn pr ps pt pw py qa re ro rs ru rw sa sb sc sd se sg sh si sk sl
  sm sn so sr ss st su sv sx sy sz tc td tf tg th tj tk tl tm tn to tr tt tv tw tz ua ug uk us uy
  uz va vc ve vg vi vn vu wf ws ye yt za zm zw`;

/**
 * Top-level domains and public suffixes (co.uk) a typo is corrected to: the generic ones, the
 * currency table's countries and the largest others, commonest first.
 */
export const POPULAR_TOP_LEVEL_DOMAINS: readonly string[] = [
  ...['com', 'net', 'org', 'edu', 'gov', 'mil', 'info', 'biz', 'io', 'me'],
  ...['co.uk', 'org.uk', 'ac.uk', 'gov.uk', 'uk', 'us', 'ca', 'fr', 'ie', 'sg', 'vn', 'ph', 'my', 'au', 'nz'],
  ...['com.au', 'net.au', 'org.au', 'edu.au', 'gov.au', 'co.nz', 'net.nz', 'org.nz', 'ac.nz', 'govt.nz'],
  ...['com.sg', 'edu.sg', 'gov.sg', 'com.vn', 'edu.vn', 'com.ph', 'edu.ph', 'com.my', 'edu.my'],
  ...['de', 'es', 'it', 'nl', 'be', 'ch', 'at', 'se', 'dk', 'no', 'fi', 'pt', 'pl', 'eu', 'jp', 'kr', 'cn'],
  ...[
    'hk',
    'tw',
    'in',
    'br',
    'mx',
    'co.jp',
    'co.kr',
    'com.tw',
    'com.hk',
    'co.in',
    'com.br',
    'com.mx',
    'co.za',
  ],
];

/**
 * Every suffix taken as right when typed exactly: the popular ones plus all country codes and
 * a few more generic domains, so a real address (company.ru, who.int) is never "corrected",
 * while a made-up one ('company.xq') is never "corrected" to a rare country such as Antarctica.
 */
export const KNOWN_TOP_LEVEL_DOMAINS: readonly string[] = [
  ...POPULAR_TOP_LEVEL_DOMAINS,
  ...['int', 'name', 'pro', 'mobi', 'app', 'dev', 'me.uk', 'ltd.uk', 'plc.uk', 'nhs.uk', 'sch.uk', 'co.il'],
  ...COUNTRY_CODES.trim().split(/\s+/),
];
