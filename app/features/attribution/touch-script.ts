import { ATTRIBUTION_FIELD, ATTRIBUTION_VALUE_MAX_LENGTH, FIRST_TOUCH_DAYS, TOUCH_PARAMETERS } from "#app/features/attribution/attribution.ts";

/** Where the browser keeps the touches: the first one for FIRST_TOUCH_DAYS, the current visit's for the tab's session. */
export const FIRST_TOUCH_KEY = "lead_first_touch";
export const VISIT_TOUCH_KEY = "lead_visit_touch";

/**
 * The page's own inline script (allowed by its hash, decision 013), run as
 * each document loads, before the rest of the page's code. It keeps the
 * visit's touch (landing page, the other site that linked here, campaign
 * parameters and click ids) in sessionStorage, and the first touch that came
 * from a campaign or another site in localStorage for FIRST_TOUCH_DAYS. Nothing
 * leaves the browser until a form with the touches' hidden field is sent:
 * then, in the capture phase, before any form code reads the fields, it writes
 * both touches there as JSON in ASCII (so the server's check for control
 * characters never refuses the form over them). Every value is cut to
 * ATTRIBUTION_VALUE_MAX_LENGTH here and checked again by the server.
 * Storage that is blocked or full leaves the form as it is without script.
 */
export const TOUCH_SCRIPT = [
  "(function(){try{",
  `var names=${JSON.stringify(TOUCH_PARAMETERS)},max=${ATTRIBUTION_VALUE_MAX_LENGTH},days=${FIRST_TOUCH_DAYS};`,
  `var first="${FIRST_TOUCH_KEY}",visit="${VISIT_TOUCH_KEY}",local=localStorage,session=sessionStorage;`,
  "function cut(value){return String(value).slice(0,max)}",
  "function read(store,key){try{var value=JSON.parse(store.getItem(key));return value&&typeof value==='object'?value:null}catch(e){return null}}",
  "var query=new URLSearchParams(location.search),touch={},marked=false;",
  "names.forEach(function(name){var value=query.get(name);if(value){touch[name]=cut(value);marked=true}});",
  "var referrer=null;try{referrer=new URL(document.referrer)}catch(e){}",
  "if(referrer&&/^https?:$/.test(referrer.protocol)&&referrer.hostname.replace(/^www\\./,'')!==location.hostname.replace(/^www\\./,'')){touch.referrer=cut(referrer.origin);marked=true}",
  "touch.landingPage=cut(location.pathname+location.search);touch.at=new Date().toISOString();",
  "if(marked||!read(session,visit))session.setItem(visit,JSON.stringify(touch));",
  "var kept=read(local,first);",
  "if(kept&&!(Date.now()-Date.parse(kept.at)<days*864e5)){local.removeItem(first);kept=null}",
  "if(marked&&!kept)local.setItem(first,JSON.stringify(touch));",
  "addEventListener('submit',function(event){try{",
  `var field=event.target.querySelector&&event.target.querySelector('input[name="${ATTRIBUTION_FIELD}"]');if(!field)return;`,
  "field.value=JSON.stringify({firstTouch:read(local,first),lastTouch:read(session,visit)})",
  ".replace(/[\\u007f-\\uffff]/g,function(c){return '\\\\u'+('000'+c.charCodeAt(0).toString(16)).slice(-4)})",
  "}catch(e){}},true)",
  "}catch(e){}})()",
].join("");
