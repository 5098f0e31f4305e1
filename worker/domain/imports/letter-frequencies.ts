// Readings of the same bytes that are all letters of one script (ADR 075): Russian in KOI8-R
// read as Windows-1251 (and back), Greek read as Cyrillic, Russian read as Greek. No letter
// is out of place there, so what tells them apart is which letters come up: in real text most
// are a few frequent ones, and a wrong reading trades them for rare ones.

// The letters that make up ~85% of Russian, Ukrainian and Bulgarian text (Russian's seventeen
// most frequent, with Ukrainian's і), and of Greek text (tonos and final sigma read as their letter).
const FREQUENT_CYRILLIC = new Set('оеаинтсрвлкмдпуяыі');
const FREQUENT_GREEK = new Set('αοιετσςνηκρπυμλάέήίόύώ');
// Han characters that make up much of names, companies and notes in Chinese (simplified and
// traditional) and Japanese: a reading of East Asian bytes in the wrong one of GB18030, Big5,
// EUC-JP or Shift_JIS lands on characters of its first level that are mostly not among them.
const FREQUENT_HAN = new Set(
  '的一是不了人我在有他这中大来上国个到说们为子和你地出道也时年得就那要下以生会自着去之过家学对可她里后小么心多天而能好都然没日于起还发成事只作当想看文无开手十用主行方又如前所本见经头面公同三已老从动两长知民样现分将外但身些与高意进把法此实回二理美点月明社己干工业电银科技限司集团股份贸易精密北京海广州深圳津南重庆武汉杭台湾香港东西新市区省路号喜欢喝茶咖啡爬山认识朋友议住迎谢先姐总裁部门联系话机邮件址王李张刘陈杨黄赵吴周徐孙马朱胡郭何林罗郑梁宋唐许韩冯邓曹彭曾肖田董袁潘蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃戴莫孔向汤伟芳娜敏静丽强磊军洋勇艳杰娟涛超秀霞平刚桂英华玉兰红梅志淑芬建辉俊宇婷雪琳晓春燕鹏飞丹亮宏國會說們這來時個為學對後麼發開動長見經頭實現與點過還當於無樣陳張黃劉楊趙吳鄭謝許馮鄧蕭葉蘇呂盧鍾譚陸賈韋鄒龔嚴錢興業電銀貿團東灣區號歡認識議請總聯繫話機郵臺鴻貴華麗龍鳳佐藤鈴木橋伊渡辺加吉松井斎清水森池阿川岡谷村坂遠青原野太郎花健真由直誠正博幸恵裕陽翔結愛優株式阪名古屋横浜神戸福札幌気通信商製展示場私持間今語者様課',
);
const HAN = /\p{Script=Han}/u;
const CYRILLIC = /\p{Script=Cyrillic}/u;
const GREEK = /\p{Script=Greek}/u;
const LETTER = /\p{L}/u;

/**
 * How far the Cyrillic or Greek letters stray from their script's frequent ones (real text has
 * about one rare letter in six, a wrong reading about one in two), and one for a Greek sigma in
 * the wrong form: "ς" inside a word or "σ" ending one (Russian "т" read as Greek is "ς").
 */
export function scriptLetterOddities(text: string): number {
  let odd = 0;
  const counts = { cyrillic: [0, 0], greek: [0, 0] };
  let han = 0;
  let rareHan = 0;
  const lower = text.toLowerCase();
  for (let i = 0; i < lower.length; i++) {
    const c = lower[i]!;
    if (c < '\u0370') continue;
    if (c >= '\u3400' && HAN.test(c)) {
      han++;
      if (!FREQUENT_HAN.has(c)) rareHan++;
    } else if (CYRILLIC.test(c)) counts.cyrillic[FREQUENT_CYRILLIC.has(c) ? 0 : 1]!++;
    else if (GREEK.test(c)) {
      counts.greek[FREQUENT_GREEK.has(c) ? 0 : 1]!++;
      const next = lower[i + 1];
      const wordGoesOn = next !== undefined && LETTER.test(next);
      if ((c === 'ς' && wordGoesOn) || (c === 'σ' && !wordGoesOn && LETTER.test(lower[i - 1] ?? ' '))) odd += 1;
    }
  }
  // Half a point for each rare letter past the one in four that real text may have.
  for (const [frequent, rare] of Object.values(counts)) odd += Math.max(0, rare! - (frequent! + rare!) / 4) / 2;
  // Names and notes use rarer characters than prose: past two in three, half a point each.
  return odd + Math.max(0, rareHan - (han * 2) / 3) / 2;
}
